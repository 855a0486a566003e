#!/usr/bin/env python3
"""Balanced openings for `dama match --openings`: every position after
PLIES plies from the start of a game whose search score, at DEPTH, lies
within MARGIN hundredths of a man of equality; COUNT of them drawn with a
fixed seed, one FEN a line on stdout.

    bin/openings.py --variant international --plies 4 --depth 8 \
        --margin 20 --count 100 --seed 1 > bin/openings/international-4ply.fen

It drives dama's own protocol (PROTOCOL.md: `moves`, `play`, `fen`,
`go depth`), so it needs nothing but a dama binary (`--dama`, default the
release build of this checkout).
"""

import argparse
import os
import random
import subprocess
import sys


class Dama:
    """One dama process spoken to line by line."""

    def __init__(self, path, variant):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("dama")
        self.until("damaok")
        self.send(f"setoption name variant value {variant}")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("dama ended unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        return self.until("readyok")

    def moves(self, fen):
        self.send(f"position fen {fen}")
        self.send("moves")
        lines = self.until("movesok")
        return [l.split()[1] for l in lines if l.startswith("move ")]

    def after(self, fen, move):
        self.send(f"position fen {fen} moves {move}")
        self.send("fen")
        return self.until("fen ")[-1][4:]

    def start(self):
        self.send("position startpos")
        self.send("fen")
        return self.until("fen ")[-1][4:]

    def score(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        lines = self.until("bestmove")
        score = None
        for l in lines:
            w = l.split()
            if w[:1] == ["info"] and "score" in w:
                i = w.index("score")
                if w[i + 1] == "cp":
                    score = int(w[i + 2])
                else:
                    score = 100_000  # a win or a loss: never balanced
        return score


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dama", default=os.path.join(here, "..", "target", "release", "dama"))
    ap.add_argument("--variant", default="international")
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--margin", type=int, default=20)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()

    d = Dama(a.dama, a.variant)
    level = [d.start()]
    for _ in range(a.plies):
        seen, nxt = set(), []
        for fen in level:
            for m in d.moves(fen):
                f = d.after(fen, m)
                if f not in seen:
                    seen.add(f)
                    nxt.append(f)
        level = nxt
    balanced = []
    for fen in level:
        s = d.score(fen, a.depth)
        if s is not None and abs(s) <= a.margin:
            balanced.append(fen)
    print(
        f"{len(level)} positions after {a.plies} plies, {len(balanced)} within "
        f"{a.margin} cp at depth {a.depth}",
        file=sys.stderr,
    )
    random.Random(a.seed).shuffle(balanced)
    for fen in balanced[: a.count]:
        print(fen)
    d.send("quit")


if __name__ == "__main__":
    main()
