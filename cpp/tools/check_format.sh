#!/usr/bin/env bash
# C++ layout and lint gate: clang-format (.clang-format) over the C++ headers and sources, then
# clang-tidy (.clang-tidy, every warning an error) over the sources, against a compile database
# from a configure-only CMake run. Installs clang-format/clang-tidy with apt-get when missing
# (bounded to 5 minutes). The configure includes the Python module (pybind11's CMake package,
# found through `python3 -m pybind11 --cmakedir`, and the Python headers), so clang-tidy checks
# cpp/bindings too; without pybind11 it says so and checks the core's sources alone. About
# 1.5 minutes of CPU for the core's sources, and about 4 more for the 10 binding files (about
# 22 s of CPU each, measured: pybind11's headers are heavy); 2 files at a time
# ($CMAKE_BUILD_PARALLEL_LEVEL), so about 3.5 minutes on 2 cores in all.
#
#   cpp/tools/check_format.sh [--fix]   (--fix rewrites the layout instead of checking it)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

if ! command -v clang-format >/dev/null || ! command -v clang-tidy >/dev/null; then
  if command -v apt-get >/dev/null; then
    echo "installing clang-format and clang-tidy"
    timeout 300 apt-get install -y -q clang-format clang-tidy >/dev/null
  fi
fi
if ! command -v clang-format >/dev/null || ! command -v clang-tidy >/dev/null; then
  echo "clang-format/clang-tidy not available" >&2
  exit 1
fi

mapfile -t files < <(git ls-files -co --exclude-standard 'cpp/*.cpp' 'cpp/*.hpp')
if [[ "${1:-}" == "--fix" ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
clang-format --dry-run --Werror "${files[@]}"
echo "clang-format: ${#files[@]} files clean"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python="${PYTHON:-python3}"
python_args=(-DREDOUBLE_PYTHON=OFF)
skip=(-e '^cpp/examples/' -e '^cpp/bindings/')
if pybind11_dir="$("$python" -m pybind11 --cmakedir 2>/dev/null)"; then
  python_args=(-DREDOUBLE_PYTHON=ON "-Dpybind11_DIR=$pybind11_dir"
    "-DPython_EXECUTABLE=$(command -v "$python")")
  skip=(-e '^cpp/examples/')
elif [[ -n "${CI:-}" ]]; then
  echo "clang-tidy: no pybind11 for $python: CI checks cpp/bindings, so install it" >&2
  exit 1
else
  echo "clang-tidy: no pybind11 for $python; cpp/bindings not checked" >&2
fi
cmake -S "$root" -B "$work" "${python_args[@]}" -DREDOUBLE_TESTS=ON -DREDOUBLE_BUILD_TOOLS=ON \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
mapfile -t sources < <(printf '%s\n' "${files[@]}" | grep '\.cpp$' | grep -v "${skip[@]}")
printf '%s\n' "${sources[@]}" |
  xargs -P "${CMAKE_BUILD_PARALLEL_LEVEL:-2}" -n 1 clang-tidy -p "$work" --quiet
echo "clang-tidy: ${#sources[@]} sources clean"
