"""Fit a first MTD(f) guess for the search, and measure what it would save (2026-12-07).

The solver answers a single solve by null-window searches "North-South take >= beta?" starting
from ``Engine::guess_ns()`` (cpp/src/solver/search.cpp), a point-count share of the tricks plus
a trump term; each trick of error costs about one more search. This script fits least-squares
predictors of North-South's double-dummy tricks at the start of a deal from features the engine
could count at the root for a few dozen instructions (high-card points, controls, suit lengths,
trump fit and shortness, the side on lead), and compares them with the engine's guess on
held-out deals: mean absolute error, exact hits of the rounded guess, and, given node-cost
tables, the nodes of the single solves each rule would take. bench/README.md ("A fitted first
guess") has the results: the fit is more accurate and costs more nodes, so it was not kept.

Data: DD tables of boards 1..40 of TRAINING seeds only (default 520-549; 545-549 held out of
the fit). Seeds 1, 3, 5, 7, 11, 13, 21, 33 and 77 (the node-count lists), 2024, 4051 and 19952
(the benchmark) are refused; bench/hard_deals.txt is never read.

Usage (numpy and redouble only; the DD tables take 5-10 minutes of one core)::

    python bench/fit_guess.py --cache /tmp/guess.npz
    python bench/fit_guess.py --cache /tmp/guess.npz --costs costs-500-519.txt

Node-cost tables (`--costs`, repeatable): lines "seed board beta nodes ew_tricks", the nodes of
`redouble_bench --mode single` (no trump, West on lead, cold table) on each board with its first
search at beta = 1..13. The driver has no switch for that; the tables were made with a scratch
build whose ``Engine::guess_ns()`` begins ``if (const char* e = std::getenv("RD_BETA")) return
std::atoi(e);`` and::

    for s in $(seq 500 519); do for b in $(seq 13); do
      RD_BETA=$b redouble_bench --mode single --deals 40 --seed $s -v |
        awk -v s=$s -v b=$b '/nodes .*ms/ {print s, $1 + 1, b, $2, $6}'
    done; done > costs-500-519.txt

A single solve's nodes depend only on its deal and first beta (checked: under the fitted rule the
table's sums for seeds 500, 501 and 502 equal that build's driver totals exactly), so such a
table prices any guess rule without another search.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import numpy.typing as npt

import redouble
from redouble.solver import dd_tables

FORBIDDEN = {1, 3, 5, 7, 11, 13, 21, 33, 77, 2024, 4051, 19952}
Array = npt.NDArray[np.float64]


def seed_range(text: str) -> list[int]:
    """'500-559' or '500,501' -> list of seeds."""
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    bad = FORBIDDEN.intersection(out)
    if bad:
        sys.exit(f"seeds {sorted(bad)} are evaluation or benchmark seeds: not for fitting")
    return out


def load_data(
    seeds: list[int], boards: int, cache: str | None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64], npt.NDArray[np.uint8]]:
    """Seed per deal, (n, 4) masks and (n, 5, 4) DD tables of boards 1..boards of each seed."""
    if cache:
        try:
            z = np.load(cache)
            if list(z["seeds_used"]) == seeds and int(z["boards"]) == boards:
                return z["seed"], z["masks"], z["tables"]
        except FileNotFoundError:
            pass
    masks = np.concatenate([redouble.deals(boards, s) for s in seeds])
    seed = np.repeat(np.array(seeds, np.int64), boards)
    tables = dd_tables(masks, threads=1)
    if cache:
        np.savez(cache, seeds_used=seeds, boards=boards, seed=seed, masks=masks, tables=tables)
    return seed, masks, tables


def hand_stats(masks: npt.NDArray[np.uint64]) -> dict[str, npt.NDArray[np.int64]]:
    """Per deal and seat: suit lengths (n, 4 seats, 4 suits), points and controls per suit."""
    n = len(masks)
    flat = np.zeros((n, 4, 52), np.int64)
    for seat in range(4):
        m = masks[:, seat].astype(np.uint64)
        for c in range(52):
            flat[:, seat, c] = ((m >> np.uint64(c)) & np.uint64(1)).astype(np.int64)
    bits = flat.reshape(n, 4, 4, 13)  # [deal, seat, suit, rank 0 = two .. 12 = ace]
    hcp_w = np.zeros(13, np.int64)
    hcp_w[9:] = [1, 2, 3, 4]
    ctl_w = np.zeros(13, np.int64)
    ctl_w[11:] = [1, 2]
    return {
        "len": bits.sum(axis=3),
        "hcp": (bits * hcp_w).sum(axis=3),
        "ctl": (bits * ctl_w).sum(axis=3),
    }


def target_ns(tables: npt.NDArray[np.uint8], strain: int, leader: int) -> Array:
    """North-South's tricks with `leader` on lead in `strain` (tables are by declarer)."""
    declarer = (leader + 3) % 4
    t = tables[:, strain, declarer].astype(np.float64)
    return t if declarer % 2 == 0 else 13.0 - t


def old_guess(st: dict[str, npt.NDArray[np.int64]], strain: int) -> Array:
    """The engine's guess before the fit (search.cpp as of 2026-12-06), at 13 tricks."""
    pts = st["hcp"].sum(axis=2)
    p0 = pts[:, 0] + pts[:, 2]
    p1 = pts[:, 1] + pts[:, 3]
    share = (p0 + 0.5) / (p0 + p1 + 1.0)
    if strain < 4:
        tr = st["len"][:, :, strain]
        share = share + 0.04 * ((tr[:, 0] + tr[:, 2]) - (tr[:, 1] + tr[:, 3]))
    guess: Array = np.clip(np.floor(share * 13 + 0.5), 0, 13)
    return guess


def features(st: dict[str, npt.NDArray[np.int64]], strain: int, leader: int) -> dict[str, Array]:
    """Candidate features, North-South minus East-West where it applies."""
    ln, hcp, ctl = st["len"], st["hcp"], st["ctl"]
    side_len = np.stack([ln[:, 0] + ln[:, 2], ln[:, 1] + ln[:, 3]], axis=1)  # (n, side, suit)
    f: dict[str, Array] = {}
    f["hcp"] = (hcp[:, [0, 2]].sum(axis=(1, 2)) - hcp[:, [1, 3]].sum(axis=(1, 2))).astype(float)
    f["ctl"] = (ctl[:, [0, 2]].sum(axis=(1, 2)) - ctl[:, [1, 3]].sum(axis=(1, 2))).astype(float)
    n = len(hcp)
    f["lead"] = np.full(n, 1.0 if leader % 2 == 0 else -1.0)
    longest = side_len.max(axis=2)
    f["long"] = (longest[:, 0] - longest[:, 1]).astype(float)
    # Lengths beyond 7 cards per side (the long cards a side may establish), summed over suits.
    extra = np.maximum(side_len - 7, 0).sum(axis=2)
    f["extra"] = (extra[:, 0] - extra[:, 1]).astype(float)
    if strain < 4:
        tr = side_len[:, :, strain]
        f["trumps"] = (tr[:, 0] - tr[:, 1]).astype(float)
        # Shortness with trumps: per hand, (3 - length)+ of each side suit when the hand holds
        # 3+ trumps (it can ruff), counted only in the shorter trump hand of the side.
        ruff = np.zeros((n, 2))
        for side, (a, b) in enumerate(((0, 2), (1, 3))):
            for hand, other in ((a, b), (b, a)):
                t = ln[:, hand, strain]
                sh = sum(np.maximum(2 - ln[:, hand, s], 0) for s in range(4) if s != strain)
                use = (t >= 3) & (t <= ln[:, other, strain])
                ruff[:, side] += np.where(use, sh, 0)
        f["ruff"] = ruff[:, 0] - ruff[:, 1]
        th = hcp[:, :, strain]
        f["trump_hcp"] = ((th[:, 0] + th[:, 2]) - (th[:, 1] + th[:, 3])).astype(float)
        side_other = side_len.copy()
        side_other[:, :, strain] = 0
        lo = side_other.max(axis=2)
        f["side_long"] = (lo[:, 0] - lo[:, 1]).astype(float)
    return f


def design(feats: dict[str, Array], names: list[str]) -> Array:
    return np.column_stack([np.ones(len(feats[names[0]]))] + [feats[k] for k in names])


def load_costs(path: str) -> tuple[npt.NDArray[np.uint64], Array, Array]:
    """Masks, true North-South tricks and (n, 13) nodes per first beta 1..13 from a costs file."""
    rows = np.loadtxt(path, dtype=np.int64, ndmin=2)
    keys = sorted({(int(r[0]), int(r[1])) for r in rows})
    index = {k: i for i, k in enumerate(keys)}
    cost = np.full((len(keys), 13), np.nan)
    value = np.zeros(len(keys))
    for sd, bd, beta, nodes, ew in rows:
        i = index[(int(sd), int(bd))]
        cost[i, beta - 1] = nodes
        value[i] = 13 - ew
    if np.isnan(cost).any():
        sys.exit(f"{path}: some deal lacks a beta")
    masks = np.stack([redouble.deals(1, sd, first_board=bd)[0] for sd, bd in keys])
    return masks, value, cost


def nodes_of(beta: Array, cost: Array) -> float:
    """Total nodes when each deal's first search is at beta (clamped to 1..13)."""
    b = np.clip(beta, 1, 13).astype(np.int64) - 1
    return float(cost[np.arange(len(cost)), b].sum())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seeds", default="520-549")
    ap.add_argument("--boards", type=int, default=40)
    ap.add_argument("--holdout", default="545-549", help="seeds held out of the fit")
    ap.add_argument("--cache", default=None)
    ap.add_argument(
        "--costs", action="append", default=[], help="seed board beta nodes ew_tricks table"
    )
    args = ap.parse_args()
    seeds = seed_range(args.seeds)
    held = set(seed_range(args.holdout))
    seed, masks, tables = load_data(seeds, args.boards, args.cache)
    st = hand_stats(masks)
    test = np.isin(seed, list(held))
    train = ~test
    print(f"{len(masks)} deals, {train.sum()} fitted, {test.sum()} held out")

    nt_sets = [
        ["hcp"],
        ["hcp", "lead"],
        ["hcp", "ctl", "lead"],
        ["hcp", "ctl", "lead", "long"],
        ["hcp", "ctl", "lead", "long", "extra"],
    ]
    suit_sets = [
        ["hcp", "trumps"],
        ["hcp", "trumps", "lead"],
        ["hcp", "ctl", "trumps", "lead"],
        ["hcp", "ctl", "trumps", "lead", "ruff"],
        ["hcp", "ctl", "trumps", "lead", "ruff", "side_long"],
        ["hcp", "ctl", "trumps", "lead", "ruff", "side_long", "trump_hcp"],
    ]
    nt_models: dict[str, tuple[list[str], Array]] = {}
    for kind, strains, sets in (("no trump", [4], nt_sets), ("suits", [0, 1, 2, 3], suit_sets)):
        rows = [
            (features(st, s, ld), target_ns(tables, s, ld), old_guess(st, s))
            for s in strains
            for ld in range(4)
        ]
        y = np.concatenate([r[1] for r in rows])
        g_old = np.concatenate([r[2] for r in rows])
        tr = np.concatenate([train] * len(rows))
        te = ~tr
        err = g_old[te] - y[te]
        print(
            f"\n{kind}: old guess MAE {np.abs(err).mean():.3f} exact {np.mean(err == 0):.3f} "
            f"mean err {err.mean():+.3f}"
        )
        for names in sets:
            x = np.concatenate([design(r[0], names) for r in rows])
            w, *_ = np.linalg.lstsq(x[tr], y[tr], rcond=None)
            p = x[te] @ w
            e = np.clip(np.floor(p + 0.5), 0, 13) - y[te]
            print(
                f"  {'+'.join(names):45s} MAE {np.abs(p - y[te]).mean():.3f} "
                f"rounded MAE {np.abs(e).mean():.3f} exact {np.mean(e == 0):.3f}  "
                f"w {np.round(w, 4).tolist()}"
            )
            if kind == "no trump":
                nt_models["+".join(names)] = (names, w)
    table_suit_after_nt(st, tables, train)
    for path in args.costs:
        cost_report(path, nt_models)


def table_suit_after_nt(
    st: dict[str, npt.NDArray[np.int64]],
    tables: npt.NDArray[np.uint8],
    train: npt.NDArray[np.bool_],
) -> None:
    """A table's first search in a suit (North on lead) guessed from the no-trump answer."""
    nt = target_ns(tables, 4, 0)
    y = np.concatenate([target_ns(tables, s, 0) for s in range(4)])
    g_old = np.concatenate([old_guess(st, s) for s in range(4)])
    fe = [features(st, s, 0) for s in range(4)]
    x = np.column_stack(
        [np.ones(len(y)), np.concatenate([nt] * 4)]
        + [np.concatenate([f[k] for f in fe]) for k in ("trumps", "ruff", "hcp")]
    )
    tr = np.concatenate([train] * 4)
    te = ~tr
    w, *_ = np.linalg.lstsq(x[tr], y[tr], rcond=None)
    p = np.clip(np.floor(x[te] @ w + 0.5), 0, 13)
    print(
        f"\nsuits, North on lead, from the no-trump answer + trumps, ruff, hcp: "
        f"MAE {np.abs(p - y[te]).mean():.3f} exact {np.mean(p == y[te]):.3f} "
        f"(old guess MAE {np.abs(g_old[te] - y[te]).mean():.3f} "
        f"exact {np.mean(g_old[te] == y[te]):.3f})  w {np.round(w, 3).tolist()}"
    )


def cost_report(path: str, nt_models: dict[str, tuple[list[str], Array]]) -> None:
    """Nodes of the single solves in `path` (no trump, West on lead) under each guess rule."""
    masks, v, cost = load_costs(path)
    st = hand_stats(masks)
    feats = features(st, 4, 3)
    base = nodes_of(old_guess(st, 4), cost)
    print(f"\nsingle solves of {len(v)} deals (costs file {path}): nodes relative to the old guess")
    print(f"  old guess {base:.0f} nodes; oracle best beta {cost.min(axis=1).sum() / base:.3f}")
    for d in range(-2, 3):
        print(f"  true value {d:+d}: {nodes_of(v + d, cost) / base:.3f}")
    for key, (names, w) in nt_models.items():
        p = design(feats, names) @ w
        line = " ".join(
            f"{c:+.2f}:{nodes_of(np.floor(p + c + 0.5), cost) / base:.3f}"
            for c in np.arange(-1.0, 1.76, 0.25)
        )
        print(f"  {key:32s} offset:ratio {line}")
    # The window [v, v + 1] costs two searches; below it is dearer than above it.
    for name, beta in (("old guess", old_guess(st, 4)), ("hcp+lead +0.75", None)):
        if beta is None:
            names, w = nt_models["hcp+lead"]
            beta = np.floor(design(feats, names) @ w + 0.75 + 0.5)
        e = np.clip(beta, 1, 13) - v
        print(
            f"  {name}: first beta in [v, v+1] {np.mean((e >= 0) & (e <= 1)):.3f}, "
            f"below {np.mean(e < 0):.3f}, above {np.mean(e > 1):.3f}"
        )
    # beta = round(a + b * hcp difference): the engine's no-trump guess is about 6.5 + 0.159 hcp.
    print("  nodes of round(a + b * hcp) against the old guess (rows b, columns a)")
    intercepts = np.arange(6.0, 7.76, 0.25)
    print("        " + " ".join(f"{a:6.2f}" for a in intercepts))
    for b in np.arange(0.10, 0.29, 0.02):
        cells = " ".join(
            f"{nodes_of(np.floor(a + b * feats['hcp'] + 0.5), cost) / base:6.3f}"
            for a in intercepts
        )
        print(f"  {b:.2f}  {cells}")


if __name__ == "__main__":
    main()
