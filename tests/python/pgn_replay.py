"""Replays the games of a PGN file with python-chess, a PGN reader that follows FIDE rules.

Run:  python3 tests/python/pgn_replay.py FILE.pgn
Prints one line a game, in the order of the file, its fields separated by tabs:
  the plies read into the main line (null moves included), the placement of the men
  after them, the side to move (w or b), and what python-chess could not read, as it
  says it (empty when it read everything).
python-chess stops reading a game's main line at the first move it finds illegal and
records the error; the caller (adapter/tests/pgn_files.rs) compares what it read with
what the engine says FIDE programs can read.
"""

import sys

import chess
import chess.pgn


def main(path):
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            board = game.end().board()
            errors = " | ".join(str(e).replace("\t", " ").replace("\n", " ") for e in game.errors)
            turn = "w" if board.turn == chess.WHITE else "b"
            print(f"{len(board.move_stack)}\t{board.board_fen()}\t{turn}\t{errors}")


if __name__ == "__main__":
    main(sys.argv[1])
