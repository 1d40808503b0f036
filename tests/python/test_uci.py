"""Conformance of the `morphy` UCI server with a real UCI client, python-chess.

Run:  python3 tests/python/test_uci.py [path/to/morphy]      (plain Python)
  or: MORPHY=path/to/morphy python3 -m pytest tests/python     (pytest)
The binary defaults to target/release/morphy, then target/debug/morphy.

It checks: `analyse` with MultiPV, `play` with clocks, pondering, `stop` during an
infinite analysis, and whole games from odds starts (rook, knight, pawn-and-move) played
by the engine against itself until mate, a draw by the rules or a move cap.
"""

import os
import sys
import time

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ODDS_STARTS = {
    # python-chess drops a castling letter whose Rook is absent, so the GUI never sends a
    # right without Rook; the engine must never play one then.
    "rook": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
    "knight": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    "pawn-and-move": "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
}
MOVE_CAP = 160  # plies


def engine_path():
    if len(sys.argv) > 1 and os.path.exists(sys.argv[1]):
        return sys.argv[1]
    if os.environ.get("MORPHY"):
        return os.environ["MORPHY"]
    for kind in ("release", "debug"):
        p = os.path.join(ROOT, "target", kind, "morphy")
        if os.path.exists(p):
            return p
    raise SystemExit("no morphy binary: build it or pass its path")


def open_engine():
    return chess.engine.SimpleEngine.popen_uci(engine_path(), timeout=30)


def test_identity_and_options():
    with open_engine() as engine:
        assert engine.id["name"].startswith("Morphy")
        for name in ("Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "UCI_Chess960",
                     "UCI_ShowWDL", "Rules", "Odds", "DrawOdds", "Validation"):
            assert name in engine.options, name
        assert engine.options["Rules"].default == "american-1897"
        assert "rook" in engine.options["Odds"].var
        engine.configure({"Hash": 8, "Threads": 1, "Rules": "fide", "Validation": "flag"})


def test_analyse_with_multipv():
    with open_engine() as engine:
        board = chess.Board()
        infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
        assert len(infos) == 3, infos
        for info in infos:
            assert "score" in info and "pv" in info and info["pv"], info
            assert info["pv"][0] in board.legal_moves
        firsts = {info["pv"][0] for info in infos}
        assert len(firsts) == 3, firsts


def test_play_with_clocks():
    with open_engine() as engine:
        board = chess.Board()
        clock = {chess.WHITE: 3.0, chess.BLACK: 3.0}
        for _ in range(12):
            start = time.monotonic()
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=0.05, black_inc=0.05)
            result = engine.play(board, limit)
            clock[board.turn] -= time.monotonic() - start - 0.05
            assert clock[board.turn] > 0, "flagged"
            assert result.move in board.legal_moves
            board.push(result.move)


def test_ponder():
    with open_engine() as engine:
        board = chess.Board()
        for _ in range(6):
            result = engine.play(board, chess.engine.Limit(time=0.05), ponder=True)
            assert result.move in board.legal_moves
            board.push(result.move)
            # Against the scripted replies below (often the first legal move) the engine may
            # mate within these six moves: then there is no reply to make.
            if board.is_game_over():
                assert board.is_checkmate(), board.fen()
                break
            # The opponent plays the expected move half the time (ponderhit), else another.
            reply = result.ponder if result.ponder in board.legal_moves and len(board.move_stack) % 4 == 1 \
                else next(iter(board.legal_moves))
            board.push(reply)


def test_stop_infinite_analysis():
    with open_engine() as engine:
        board = chess.Board()
        with engine.analysis(board) as analysis:
            deadline = time.monotonic() + 20
            for info in analysis:
                if info.get("depth", 0) >= 3 or time.monotonic() > deadline:
                    break
            analysis.stop()
            best = analysis.wait()
        assert best.move in board.legal_moves


def test_mated_position_answers_none():
    with open_engine() as engine:
        board = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        assert "score" not in info or info["score"].is_mate()
        result = engine.play(board, chess.engine.Limit(depth=2))
        assert result.move is None


def play_game(odds, fen):
    with open_engine() as engine:
        engine.configure({"Odds": odds, "Hash": 8})
        board = chess.Board(fen)
        while not board.is_game_over(claim_draw=True) and len(board.move_stack) < MOVE_CAP:
            result = engine.play(board, chess.engine.Limit(time=0.02))
            assert result.move is not None, board.fen()
            assert result.move in board.legal_moves, (result.move, board.fen())
            board.push(result.move)
        outcome = board.outcome(claim_draw=True)
        return outcome, len(board.move_stack)


def test_games_from_odds_starts():
    for odds, fen in ODDS_STARTS.items():
        outcome, plies = play_game(odds, fen)
        assert outcome is not None or plies >= MOVE_CAP
        print(f"  {odds}: {outcome.result() if outcome else 'move cap'} after {plies} plies "
              f"({outcome.termination.name if outcome else 'cap'})")


def main():
    tests = [(name, f) for name, f in globals().items() if name.startswith("test_") and callable(f)]
    failed = 0
    for name, f in tests:
        start = time.monotonic()
        try:
            f()
            print(f"ok   {name} ({time.monotonic() - start:.1f} s)")
        except Exception as e:  # report every failure, then exit non-zero
            failed += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}")
    print(f"{len(tests) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
