#!/usr/bin/env bash
# The C++ library without Python: configure with the Python module off (no pybind11), build the
# core and its tests, run them under ctest, install to a temporary prefix, then build and run
# cpp/examples against the installed package (find_package(redouble) + redouble::core).
# Run by .ci/run; about 1.5 minutes on 2 cores.
#
#   cpp/tools/check_cpp_package.sh [WORK_DIR]   (default: a fresh temporary directory)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-$(mktemp -d)}"
jobs="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"

cmake -S "$root" -B "$work/build" -DREDOUBLE_PYTHON=OFF -DREDOUBLE_TESTS=ON \
  -DCMAKE_INSTALL_PREFIX="$work/prefix" >/dev/null
cmake --build "$work/build" -j "$jobs"
(cd "$work/build" && ctest --output-on-failure)
cmake --install "$work/build" >/dev/null

cmake -S "$root/cpp/examples" -B "$work/example" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/example" -j "$jobs"
out="$("$work/example/dd_example")"
echo "$out"
# The example prints the deal and a 5x4 table; a table row holds four trick counts.
grep -Eq '^N +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$' <<<"$out"
echo "C++ package: tests passed, example built against the installed package"
