#!/usr/bin/env python3
"""scripts/strength_match.py's adjudication: a repetition or fifty-move draw ends a game
only once it stands on the board, not when the side to move could reach it with a move."""

import importlib.util
import pathlib
import sys

import chess
import chess.engine

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("strength_match", ROOT / "scripts/strength_match.py")
match = importlib.util.module_from_spec(spec)
spec.loader.exec_module(match)

failed = 0


def check(name, got, want):
    global failed
    ok = got == want
    failed += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {got!r}" + ("" if ok else f" (want {want!r})"))


# Knights out and back: after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Black could claim
# by playing 4... Ng8 (python-chess's claim_draw=True ends the game here); the runner waits.
board = chess.Board()
for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
    board.push_uci(uci)
check("a repetition one move away", match.adjudicate(board), None)
board.push_uci("f6g8")
check("the third occurrence", match.adjudicate(board), ("1/2-1/2", "threefold_repetition"))

board = chess.Board("8/8/8/3k4/8/8/8/K6R w - - 99 80")
check("the fifty-move count one move away", match.adjudicate(board), None)
board.push_uci("h1h2")
check("fifty moves made", match.adjudicate(board), ("1/2-1/2", "fifty_moves"))

check("mate", match.adjudicate(chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")), ("1-0", "checkmate"))
check("stalemate", match.adjudicate(chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")),
      ("1/2-1/2", "stalemate"))
check("play goes on", match.adjudicate(chess.Board()), None)



class Shuffler:
    """A stand-in engine that plays its Knight out and back, for `play_game`."""

    def __init__(self, moves):
        self.moves = moves
        self.played = 0

    def play(self, board, limit, game=None):
        move = chess.Move.from_uci(self.moves[self.played % len(self.moves)])
        self.played += 1
        return chess.engine.PlayResult(move, None)


# A whole game through the runner's loop: the start position comes back a third time
# after eight plies; the old loop stopped after seven, when Black could claim.
engines = [Shuffler(["g1f3", "f3g1"]), Shuffler(["g8f6", "f6g8"])]
result, reason, game, crashed = match.play_game(
    engines, ["white", "black"], chess.Board(), 10.0, 0.1, {})
check("play_game: the repetition on the board", (result, reason, crashed),
      ("1/2-1/2", "threefold_repetition", None))
check("play_game: plies played", len(list(game.mainline_moves())), 8)

print(f"{failed} failed")
sys.exit(1 if failed else 0)
