#!/usr/bin/env python3
"""Plays whole games through `dama hub` with pydraughts' HubEngine.

pydraughts (https://pypi.org/project/pydraughts/) is an outside client of
the Hub protocol: it starts `dama hub`, reads the handshake, sets the
parameters, and for every move sends `pos pos=<start> moves="<game>"`,
a `level` line and `go think` (or `go ponder` and `ponder-hit`), then
turns the `done move=…` answer into a pydraughts Move. Every move dama
answers is checked against pydraughts' own list of legal moves, and so
is the ponder move after it.

Usage: pydraughts_game.py <path to dama> [variant …]

Without variants it plays international draughts: one game dama against
dama and one dama against random moves, with every kind of `level`
(time and increment, moves and time, move time, depth, nodes) and a
pondered move. Named variants (pydraughts' names: standard, frisian,
antidraughts, breakthrough, russian, brazilian, english, italian,
turkish) play one short game each, dama against random moves.
"""

import random
import sys
import threading
import time

import draughts
from draughts.engine import HubEngine, Limit

MAX_PLIES = 160


def legal_hub_moves(board):
    """pydraughts' legal moves as (from, to, sorted captures) keys."""
    keys = set()
    for m in board.legal_moves():
        keys.add(key_of(m))
    return keys


def key_of(move):
    steps = move.board_move
    caps = tuple(sorted(c for c in (move.captures or []) if c is not None))
    return (steps[0][0], steps[-1][1], caps)


def check_move(board, result, where):
    move = result.move
    if move is None:
        raise SystemExit(f"{where}: dama gave no move in a game that is not over")
    if key_of(move) not in legal_hub_moves(board):
        raise SystemExit(f"{where}: dama's move {move.hub_move} is not legal for pydraughts")
    if result.ponder is not None:
        after = board.copy()
        after.push(move)
        if key_of(result.ponder) not in legal_hub_moves(after):
            raise SystemExit(f"{where}: the ponder move {result.ponder.hub_move} is not legal")


def limit_for(ply):
    """Every kind of level in turn."""
    kinds = [
        Limit(time=6, inc=0.05),  # level time=… inc=…
        Limit(movetime=0.05),  # level move-time=…
        Limit(depth=4),  # level depth=…
        Limit(nodes=5000),  # level nodes=…
        Limit(time=4),  # level time=…
    ]
    return kinds[ply % len(kinds)]


def play_game(engine, variant, opponent, name):
    board = draughts.Board(variant)
    plies = 0
    while not board.is_over() and plies < MAX_PLIES:
        where = f"{name}, ply {plies + 1}"
        if opponent == "random" and plies % 2 == 1:
            move = random.choice(board.legal_moves())
        else:
            result = engine.play(board, limit_for(plies), False)
            check_move(board, result, where)
            if "depth" not in engine.info and "score" not in engine.info:
                raise SystemExit(f"{where}: no info line before done: {engine.info}")
            move = result.move
        board.push(move)
        plies += 1
    print(f"{name}: {plies} plies, winner {board.winner()}, last position {board.fen}")
    return board


def pondered_move(engine):
    """go ponder, then ponder-hit from another thread, as pydraughts' example does."""
    board = draughts.Board()
    box = {}

    def think():
        box["result"] = engine.play(board, Limit(time=20), True)

    t = threading.Thread(target=think)
    t.start()
    time.sleep(0.5)
    engine.ponderhit()
    t.join(timeout=30)
    if t.is_alive():
        raise SystemExit("ponder-hit: no done within 30 s")
    check_move(board, box["result"], "pondered move")
    print(f"pondered move: {box['result'].move.hub_move}")


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    dama = sys.argv[1]
    variants = sys.argv[2:]
    random.seed(2024)
    engine = HubEngine([dama, "hub"])
    if engine.id.get("name") != "dama":
        raise SystemExit(f"unexpected id: {engine.id}")
    for wanted in ["normal", "killer", "bt", "frisian", "losing"]:
        if wanted not in engine.variants:
            raise SystemExit(f"the variant parameter lacks {wanted}: {engine.variants}")
    engine.setoption("hash", 32)
    engine.init()
    engine.ping()
    try:
        if not variants:
            play_game(engine, "standard", "dama", "international, dama against dama")
            play_game(engine, "standard", "random", "international, dama against random moves")
            pondered_move(engine)
        for variant in variants:
            engine.setoption("variant", variant)
            engine.ping()
            play_game(engine, variant, "random", f"{variant}, dama against random moves")
    finally:
        engine.quit()
        engine.kill_process()
    print("pydraughts: every move of dama was legal")


if __name__ == "__main__":
    main()
