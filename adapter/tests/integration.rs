//! The adapter's integration tests: one test binary, a module per subject, so the adapter
//! and its dependencies are linked once rather than once per file.

mod common;

mod check_cli;
mod games_cli;
mod notation_cli;
mod pgn_files;
mod play_cli;
mod play_kept;
mod play_tty;
mod serve_attacks;
mod serve_browser;
mod serve_clock;
mod serve_faults;
mod serve_history;
mod serve_http;
mod serve_kept;
mod serve_load;
mod serve_slow_clients;
mod uci_draws;
mod uci_load;
mod uci_protocol;
mod uci_python;
mod uci_strength;
mod uci_stress;
mod uci_validation;
