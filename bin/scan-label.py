#!/usr/bin/env python3
"""Scores training positions of international draughts with Scan 2.0.

    python3 bin/scan-label.py SCAN_DIR DEPTH < positions.txt > scored.txt

Reads the lines of `dama selfplay` (`FEN;result;score`, comments `#`
kept) and writes each position again with the score of Scan 2.0's search
to DEPTH plies in place of the engine's own (hundredths of a man, White's
side, as `dama tune --lambda` reads it). SCAN_DIR is the directory where
bin/opponents.sh built Scan 2.0 (its `scan`, `scan.ini` and `data/`).

Why a teacher: dama's region patterns are fitted to the scores of
searches (README, "Learned region patterns (international)"); Scan's
evaluation is the one to beat, so its searches are a better target than
dama's own. Scan 2.0 speaks the first Hub protocol: `pos`, `depth`, then
`analyse` (no book, no shortcut for a single move) and waits for the
`move` reply before the next position, since a line sent during a search
stops it. Scan writes its `info` line only from depth 12 on, so DEPTH
below 12 scores nothing: a position without an `info` line is left out,
and so is one Scan refuses (`error`, said on stderr). Every position must
have a legal move (positions from games in progress do): Scan 2.0 stops
on one without.
"""

import subprocess
import sys


def hub_position(fen):
    """The first Hub protocol's position: the side to move (`w`/`b`),
    then squares 1 to 50 (`w`, `b` men, `W`, `B` kings, `e` empty)."""
    side, *parts = fen.split(":")
    squares = ["e"] * 50
    for part in parts:
        colour = part[:1]
        if colour not in ("W", "B"):
            continue
        for item in part[1:].split(","):
            if not item:
                continue
            king = item.startswith("K")
            number = int(item[1:] if king else item)
            squares[number - 1] = colour if king else colour.lower()
    return side.lower() + "".join(squares)


class Scan:
    """Scan 2.0 over pipes, one search at a time."""

    def __init__(self, directory):
        self.proc = subprocess.Popen(
            ["./scan", "hub"],
            cwd=directory,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("hub")
        self.until("wait")
        self.send("init")
        self.until("ready")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("scan-label: Scan ended unexpectedly")
            line = line.strip()
            lines.append(line)
            if line == word or line.startswith(word + " "):
                return lines

    def score(self, fen, depth):
        """Scan's score of `fen` for White, or None without an `info` line."""
        self.send("pos " + hub_position(fen))
        self.send(f"depth {depth}")
        self.send("analyse")
        reply = self.until("move")
        if any(line.startswith("error") for line in reply):
            # Scan kept its previous board: its score is not this position's.
            print(f"scan-label: Scan refused {fen}: skipped", file=sys.stderr)
            return None
        info = [line for line in reply if line.startswith("info ")]
        if not info:
            return None
        # info <depth> <mean depth> <score> <nodes> <seconds> <Mnps> <pv…>
        score = int(info[-1].split()[3])
        return -score if fen.startswith("B") else score

    def close(self):
        self.send("quit")
        self.proc.wait()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    scan = Scan(sys.argv[1])
    depth = int(sys.argv[2])
    for line in sys.stdin:
        if line.startswith("#"):
            sys.stdout.write(line)
            continue
        fields = line.strip().split(";")
        if len(fields) < 2:
            continue
        score = scan.score(fields[0], depth)
        if score is not None:
            print(f"{fields[0]};{fields[1]};{score}")
    scan.close()


if __name__ == "__main__":
    main()
