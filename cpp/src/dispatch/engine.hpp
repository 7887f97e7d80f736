// The search engine as the Solver and the batch pool see it: one interface over the kernels
// (the same search sources compiled once per instruction set, each in a namespace of its own,
// see kernel_begin.hpp), the kernel picked once per process from the running CPU's features.
// A call through the interface costs one indirect call per search, nothing inside it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "../solver/canonical.hpp"
#include "../solver/move_order.hpp"
#include "redouble/deal.hpp"
#include "redouble/solver.hpp"

namespace redouble::detail {

/// What Solver and BatchPool ask of a search engine (see cpp/src/solver/search.hpp for the
/// meaning of each call); every kernel's Engine is adapted to it.
class KernelEngine {
 public:
  virtual ~KernelEngine() = default;
  virtual void load(const std::array<std::uint64_t, 4>& hands, int strain, int leader,
                    const int* trick, int trick_len) = 0;
  virtual int tricks_left() const noexcept = 0;
  virtual int solve_ns(int guess, SolveStats& stats) = 0;
  virtual int guess_ns() const noexcept = 0;
  virtual std::size_t table_bytes() noexcept = 0;
  virtual void clear() noexcept = 0;
  virtual void clear_table() noexcept = 0;
  virtual void set_cancel(const CancelToken* cancel) noexcept = 0;
};

/// A batch dealer: deals_batch's contract (dealer.hpp).
using DealsFn = void (*)(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                         std::uint64_t* out) noexcept;

/// One compiled kernel.
struct Kernel {
  const char* name;
  const char* features;
  std::unique_ptr<KernelEngine> (*make)(std::size_t tt_bytes, const SearchTechniques& techniques);
  /// The kernel's batch dealer (deals_lanes.cpp's where the kernel has AVX2, else the scalar one).
  DealsFn deals;
};

/// The batch dealer without vector instructions (dealer.cpp), the baseline kernel's.
void deals_batch_scalar(std::uint64_t seed, std::uint64_t first_board, std::size_t n,
                        std::uint64_t* out) noexcept;

/// The kernel this process uses, chosen at the first call.
const Kernel& active_kernel();

/// The engine of the kernel in use, with the interface search.hpp's Engine had.
class Engine {
 public:
  explicit Engine(std::size_t tt_bytes, const SearchTechniques& techniques = {})
      : impl_(active_kernel().make(tt_bytes, techniques)) {}

  void load(const std::array<std::uint64_t, 4>& hands, int strain, int leader, const int* trick,
            int trick_len) {
    impl_->load(hands, strain, leader, trick, trick_len);
  }
  int tricks_left() const noexcept { return impl_->tricks_left(); }
  int solve_ns(int guess, SolveStats& stats) { return impl_->solve_ns(guess, stats); }
  int guess_ns() const noexcept { return impl_->guess_ns(); }
  void clear() noexcept { impl_->clear(); }
  void clear_table() noexcept { impl_->clear_table(); }
  /// The token the next searches poll (nullptr: none); see search.hpp.
  void set_cancel(const CancelToken* cancel) noexcept { impl_->set_cancel(cancel); }

  /// The table's size, as engine.table().bytes() reads it.
  struct TableView {
    std::size_t size;
    std::size_t bytes() const noexcept { return size; }
  };
  TableView table() noexcept { return TableView{impl_->table_bytes()}; }

 private:
  std::unique_ptr<KernelEngine> impl_;
};

/// See search.hpp: the four results of one strain, the unit of every DD-table batch.
std::array<std::uint8_t, kNumSeats> dd_strain(Engine& engine, SolveStats& stats, const Hands& hands,
                                              int strain);

}  // namespace redouble::detail
