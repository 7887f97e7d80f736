#!/usr/bin/env bash
# C++ layout and lint gate: clang-format (.clang-format) over the C++ headers and sources, then
# clang-tidy (.clang-tidy, every warning an error) over the sources, against a compile database
# from a configure-only CMake run. Installs clang-format/clang-tidy with apt-get when missing
# (bounded to 5 minutes). About 1.5 minutes of CPU for clang-tidy on 2 cores.
# cpp/bindings is formatted too; clang-tidy skips it, since the Python-free configure it runs
# against has no compile commands for the bindings.
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
cmake -S "$root" -B "$work" -DREDOUBLE_PYTHON=OFF -DREDOUBLE_TESTS=ON -DREDOUBLE_BUILD_TOOLS=ON \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
mapfile -t sources < <(printf '%s\n' "${files[@]}" | grep '\.cpp$' | grep -v -e '^cpp/examples/' -e '^cpp/bindings/')
printf '%s\n' "${sources[@]}" |
  xargs -P "${CMAKE_BUILD_PARALLEL_LEVEL:-2}" -n 1 clang-tidy -p "$work" --quiet
rm -rf "$work"
echo "clang-tidy: ${#sources[@]} sources clean"
