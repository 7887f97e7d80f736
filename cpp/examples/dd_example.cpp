// The C++ library in a few lines: deal board 1 of seed 2024, solve one contract from the
// opening lead, then the whole double-dummy table. Built in CI against the installed package
// (cpp/examples/CMakeLists.txt); the README shows the same program.
#include <cstdio>

#include "redouble/dealer.hpp"
#include "redouble/position.hpp"
#include "redouble/solver.hpp"

int main() {
  const redouble::Hands hands = redouble::board_deal(2024, 1);
  std::printf("%s\n", redouble::format_pbn_deal(hands).c_str());

  redouble::Solver solver;
  // South declares no trump: West (seat 3) leads. solve() counts the side to play's tricks.
  const redouble::Position lead(hands, redouble::kNoTrump, 3);
  std::printf("3NT by South: the defence takes %d tricks\n", solver.solve(lead));

  const redouble::DdTable table = solver.dd_table(hands);
  std::printf("      N  E  S  W\n");
  for (int strain = 4; strain >= 0; --strain) {
    std::printf("%c   ", redouble::kStrainChars[strain]);
    for (int seat = 0; seat < 4; ++seat)
      std::printf("%3d", table[static_cast<std::size_t>(strain)][static_cast<std::size_t>(seat)]);
    std::printf("\n");
  }
  return 0;
}
