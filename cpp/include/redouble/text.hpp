// Text helpers the format readers share: Python's notion of white space, so that the core's
// lexers strip and split exactly as the Python reference readers (str.isspace, \s) do.
#pragma once

namespace redouble {

/// Python's str.isspace() for one code point.
constexpr bool py_space(char32_t c) {
  switch (c) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x1C:
    case 0x1D:
    case 0x1E:
    case 0x1F:
    case 0x20:
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

}  // namespace redouble
