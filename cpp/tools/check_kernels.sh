#!/usr/bin/env bash
# Checks the compiled search kernels (see cpp/src/dispatch/): every function of the x86-64-v3
# kernel's objects that uses an instruction beyond the baseline (POPCNT, LZCNT, BMI, AVX...) is
# one of the kernel's own (its namespace redouble::kernel_x86_64_v3), so that no shared inline or
# template code compiled for that CPU can be picked by the linker for the baseline path; the
# kernel really has the POPCNT and PDEP instructions inline; and the baseline kernel has none of
# them. Run by ctest (REDOUBLE_TESTS) where the x86-64-v3 kernel is built; needs objdump.
#
#   cpp/tools/check_kernels.sh BUILD_DIR
set -euo pipefail
build="$1"
# Not tzcnt: GCC's baseline code writes `rep bsf` (which objdump shows as tzcnt) where a zero
# input cannot occur, and older CPUs run it as bsf.
extra='(popcnt|lzcnt|pdep|pext|shlx|shrx|sarx|rorx|andn|bzhi|blsr|blsi|blsmsk|mulx|v[a-z0-9]+)'
scan() {  # scan OBJECT NAMESPACE: prints "outside inside popcnt pdep" counts and offenders
  objdump -d --no-show-raw-insn -C "$1" | awk -v ns="$2" -v re="^$extra\$" '
    /^[0-9a-f]+ <.*>:$/ { name = $0; next }
    {
      split($0, f, "\t"); split(f[2], w, " "); op = w[1]
      if (op ~ re) {
        if (index(name, ns) > 0) inside++; else { outside++; print "outside " ns ": " name " " op > "/dev/stderr" }
      }
      if (op == "popcnt") pc++
      if (op == "pdep") pd++
    }
    END { printf "%d %d %d %d\n", outside, inside, pc, pd }'
}
fail=0
read -r out in pc pd < <(for o in $(find "$build" -path '*redouble_kernel_x86_64_v3*' -name '*.o'); do
  scan "$o" kernel_x86_64_v3; done | awk '{a+=$1; b+=$2; c+=$3; d+=$4} END {print a+0, b+0, c+0, d+0}')
echo "x86-64-v3 kernel: $in extended instructions in its own functions, $out outside, popcnt $pc, pdep $pd"
[ "$out" -eq 0 ] || fail=1
[ "$pc" -gt 0 ] && [ "$pd" -gt 0 ] || fail=1
read -r out in pc pd < <(for o in $(find "$build" -path '*redouble_kernel_baseline*' -name '*.o'); do
  scan "$o" kernel_baseline; done | awk '{a+=$1; b+=$2; c+=$3; d+=$4} END {print a+0, b+0, c+0, d+0}')
echo "baseline kernel: $((in + out)) extended instructions"
[ $((in + out)) -eq 0 ] || fail=1
[ "$fail" -eq 0 ] && echo "kernels: OK" || { echo "kernels: FAILED"; exit 1; }
