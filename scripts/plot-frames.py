#!/usr/bin/env python3
"""Plots `toplock-bench frames --samples FILE` as one PNG: stock against TopLock.

Usage: plot-frames.py SAMPLES.json OUT.png

Four panels: the frame intervals of the first measured cycle, gesture after gesture, for stock (round A1)
and for TopLock (its first round of each gesture); the distribution of every frame interval of the measured
rounds; and the distribution of per-frame work on the gestures where both paint the same frames. Needs
matplotlib (Debian: python3-matplotlib, run with /usr/bin/python3).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (the backend must be chosen first)

STOCK_KINDS = ("stock-A1", "stock-A2")
TOPLOCK_KIND = "toplock"
STOCK_COLOR = "#1f77b4"
TOPLOCK_COLOR = "#d62728"


def intervals(starts, idle_gap):
    """Intervals between consecutive frame starts (ms), idle gaps left out, with the later frame's time."""
    pairs = zip(starts[1:], starts[:-1])
    return [(later, later - earlier) for later, earlier in pairs if later - earlier <= idle_gap]


def first_cycle(rounds, kind):
    """The first round of `kind` for each gesture, in the order played."""
    chosen = {}
    for round_ in rounds:
        if round_["kind"] == kind and round_["segment"] not in chosen:
            chosen[round_["segment"]] = round_
    return list(chosen.values())


def timeline(axis, rounds, idle_gap, budget, color, title):
    """Frame intervals of `rounds` laid end to end, one shaded band per gesture."""
    offset = 0.0
    for index, round_ in enumerate(rounds):
        starts = round_["start_milliseconds"]
        points = intervals(starts, idle_gap)
        axis.plot([(offset + t) / 1000 for t, _ in points], [v for _, v in points], ".", ms=3, color=color)
        end = offset + (starts[-1] if starts else 0)
        if index % 2 == 0:
            axis.axvspan(offset / 1000, end / 1000, color="0.93", zorder=0)
        axis.text((offset + end) / 2000, 49, round_["segment"], ha="center", va="top", fontsize=6,
                  rotation=90)
        offset = end + 200
    axis.axhline(budget, color="0.4", lw=0.8, ls="--")
    axis.set_ylim(0, 50)
    axis.set_ylabel("frame interval (ms)")
    axis.set_xlabel("time, gestures end to end (s)")
    axis.set_title(title, fontsize=9)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: plot-frames.py SAMPLES.json OUT.png")
    with open(sys.argv[1]) as samples_file:
        samples = json.load(samples_file)
    rounds = samples["rounds"]
    budget = samples["frame_budget_milliseconds"]
    idle_gap = samples["idle_gap_milliseconds"]
    stock_rounds = [r for r in rounds if r["kind"] in STOCK_KINDS]
    toplock_rounds = [r for r in rounds if r["kind"] == TOPLOCK_KIND]
    groups = ((stock_rounds, STOCK_COLOR, "stock"), (toplock_rounds, TOPLOCK_COLOR, "TopLock"))

    figure, axes = plt.subplots(2, 2, figsize=(13, 8.5))
    timeline(axes[0][0], first_cycle(rounds, "stock-A1"), idle_gap, budget, STOCK_COLOR,
             "stock GtkScrolledWindow: frame intervals, first cycle")
    timeline(axes[0][1], first_cycle(rounds, TOPLOCK_KIND), idle_gap, budget, TOPLOCK_COLOR,
             "TopLock attached: frame intervals, first cycle")

    histogram = axes[1][0]
    bins = [edge / 2 for edge in range(0, 101)]
    for group, color, label in groups:
        values = [v for r in group for _, v in intervals(r["start_milliseconds"], idle_gap)]
        histogram.hist(values, bins=bins, histtype="step", lw=1.5, color=color,
                       label=f"{label} ({len(values)} intervals)")
    histogram.axvline(budget, color="0.4", lw=0.8, ls="--")
    histogram.set_yscale("log")
    histogram.set_xlabel("frame interval (ms), all measured rounds")
    histogram.set_ylabel("intervals")
    histogram.set_title("frame intervals (Xvfb paces frames in 16.7 ms steps)", fontsize=9)
    histogram.legend(fontsize=8)

    cumulative = axes[1][1]
    right_edge = 0.0
    for group, color, label in groups:
        values = sorted(w for r in group if r["is_matched"] for w in r["work_milliseconds"])
        if values:
            shares = [(index + 1) / len(values) for index in range(len(values))]
            cumulative.plot(values, shares, color=color, lw=1.5, label=f"{label} ({len(values)} frames)")
            right_edge = max(right_edge, values[int(0.999 * (len(values) - 1))])
    if right_edge > 0:
        cumulative.set_xlim(0, right_edge * 1.1)
    cumulative.set_xlabel("per-frame work (ms): flush-events + before-paint..after-paint")
    cumulative.set_ylabel("share of frames")
    cumulative.set_title("per-frame work, gestures away from the top (same frames in both; up to p99.9)",
                         fontsize=9)
    cumulative.legend(fontsize=8, loc="lower right")
    cumulative.grid(alpha=0.3)

    figure.suptitle("toplock-bench frames: 1,000,000-row GtkListView under Xvfb, stock vs TopLock, same run")
    figure.tight_layout()
    figure.savefig(sys.argv[2], dpi=110)


if __name__ == "__main__":
    main()
