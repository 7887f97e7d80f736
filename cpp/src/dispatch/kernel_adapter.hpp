// The last translation unit of a kernel: adapts its Engine to KernelEngine and defines the
// kernel's factory, REDOUBLE_KERNEL_FACTORY. Compiled for the baseline CPU (after
// kernel_end.hpp); it only calls into the kernel.
#include "dispatch/engine.hpp"

namespace redouble::detail {
namespace {

class Adapter final : public KernelEngine {
 public:
  Adapter(std::size_t tt_bytes, const SearchTechniques& techniques)
      : engine_(tt_bytes, techniques) {}
  void load(const std::array<std::uint64_t, 4>& hands, int strain, int leader, const int* trick,
            int trick_len) override {
    engine_.load(hands, strain, leader, trick, trick_len);
  }
  int tricks_left() const noexcept override { return engine_.tricks_left(); }
  int solve_ns(int guess, SolveStats& stats) override { return engine_.solve_ns(guess, stats); }
  int guess_ns() const noexcept override { return engine_.guess_ns(); }
  std::size_t table_bytes() noexcept override { return engine_.table().bytes(); }
  void clear() noexcept override { engine_.clear(); }
  void clear_table() noexcept override { engine_.clear_table(); }
  void set_cancel(const CancelToken* cancel) noexcept override { engine_.set_cancel(cancel); }

 private:
  REDOUBLE_KERNEL_NS::Engine engine_;
};

}  // namespace

std::unique_ptr<KernelEngine> REDOUBLE_KERNEL_FACTORY(std::size_t tt_bytes,
                                                      const SearchTechniques& techniques) {
  return std::make_unique<Adapter>(tt_bytes, techniques);
}

}  // namespace redouble::detail
