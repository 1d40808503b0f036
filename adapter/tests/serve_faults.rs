//! `morphy serve` and its games' database under faults, on the real binary and real
//! files: the server killed with SIGKILL at random moments while moves are written (no
//! answered move lost, the file never damaged, every restart serving the game again); a
//! database locked by another program, a data folder that cannot be written and a full
//! disk (a small tmpfs): each time a message naming the file, the board playing on with
//! the page told the game is not kept, and once the fault is gone the game kept whole.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use engine::rng::Rng;
use rusqlite::Connection;
use serde_json::{json, Value};

use crate::serve_kept::Folder;

/// One request to the server on `port`, on a connection of its own, from the board's own
/// page (`Host` and `Origin`); `None` when the server does not answer (it is gone).
pub fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let host = format!("127.0.0.1:{port}");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).ok()?;
    stream.write_all(body.as_bytes()).ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let status = answer.split(' ').nth(1)?.parse().ok()?;
    let (_, text) = answer.split_once("\r\n\r\n")?;
    Some((status, serde_json::from_str(text).unwrap_or(Value::Null)))
}

/// A `morphy serve` process on a port of its own, its console kept.
pub struct Server {
    child: Child,
    pub port: u16,
    console: Arc<Mutex<String>>,
}

impl Server {
    /// Starts `morphy serve --data DATA` (Morphy searching one ply), by `command`, with
    /// `extra` arguments.
    pub fn start_with(mut command: Command, data: &Path, extra: &[&str]) -> Server {
        let mut child = command
            .args(["serve", "--port", "0", "--depth", "1", "--data"])
            .arg(data)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("morphy serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the address line");
        let port = line
            .trim()
            .trim_end_matches('/')
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("not an address line: {line}"));
        let console = Arc::new(Mutex::new(String::new()));
        let into = Arc::clone(&console);
        let mut err = BufReader::new(child.stderr.take().expect("stderr"));
        std::thread::spawn(move || {
            let mut line = String::new();
            while err.read_line(&mut line).is_ok_and(|n| n > 0) {
                into.lock().unwrap().push_str(&line);
                line.clear();
            }
        });
        Server {
            child,
            port,
            console,
        }
    }

    pub fn start(data: &Path) -> Server {
        Server::start_with_args(data, &[])
    }

    /// Starts `morphy serve --data DATA` with `extra` arguments: the test build, or the
    /// binary `MORPHY_SERVE_BIN` names (a release build, for the figures of a load).
    pub fn start_with_args(data: &Path, extra: &[&str]) -> Server {
        let binary = std::env::var_os("MORPHY_SERVE_BIN")
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_morphy").into());
        Server::start_with(Command::new(binary), data, extra)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn console(&self) -> String {
        self.console.lock().unwrap().clone()
    }

    /// One request; `None` when the server does not answer (it is gone).
    pub fn request(&self, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Value)> {
        request(self.port, method, path, body)
    }

    /// The game's state once it is the person's turn (or the game is over).
    pub fn persons_turn(&self, id: &str) -> Option<Value> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (status, state) = self.request("GET", &format!("/api/games/{id}"), None)?;
            assert_eq!(status, 200, "{state}");
            if state["over"] == true || !state["legal"].as_array()?.is_empty() {
                return Some(state);
            }
            assert!(Instant::now() < deadline, "Morphy never answered: {state}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The person plays his `n`-th legal move (counted round); the answer's state.
    pub fn plays(&self, id: &str, n: usize) -> Option<(u16, Value)> {
        let state = self.persons_turn(id)?;
        let legal = state["legal"].as_array()?;
        if legal.is_empty() {
            return Some((200, state));
        }
        let m = &legal[n % legal.len()];
        let body = json!({ "from": m["from"], "to": m["to"], "promotion": m["promotion"] });
        self.request("POST", &format!("/api/games/{id}/move"), Some(&body))
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub fn file_of(data: &Path) -> PathBuf {
    data.join("morphy.db")
}

/// The file's integrity check, and the plies stored for game `id`.
pub fn stored(data: &Path, id: &str) -> (String, usize) {
    let conn = Connection::open(file_of(data)).expect("the file opens");
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("the check runs");
    let plies: i64 = conn
        .query_row("SELECT COUNT(*) FROM moves WHERE game_id = ?1", [id], |r| {
            r.get(0)
        })
        .expect("the moves are read");
    (check, usize::try_from(plies).unwrap())
}

/// A new game with the person as White; its id.
pub fn new_game(server: &Server) -> String {
    let (status, state) = server
        .request("POST", "/api/games", Some(&json!({ "color": "white" })))
        .expect("the server answers");
    assert_eq!(status, 201, "{state}");
    state["id"].as_str().unwrap().to_string()
}

/// `rounds` times: the server started on the same folder, the game asked for again
/// (where it stood), moves played until SIGKILL comes at a random moment; then the
/// file checked intact and holding every move answered.
fn killed_at_random_moments(rounds: usize, seed: u64) {
    let dir = Folder::new("kill-loop");
    let data = dir.0.join("morphy");
    let mut rng = Rng::new(seed);
    let mut id: Option<String> = None;
    let mut answered = 0usize;
    let mut kills_mid_game = 0usize;
    for round in 0..rounds {
        let mut server = Server::start(&data);
        let game = match &id {
            None => new_game(&server),
            Some(id) => {
                // The game is served again where it stood when last written.
                let (status, state) = server
                    .request("GET", &format!("/api/games/{id}"), None)
                    .expect("the server answers");
                assert_eq!(status, 200, "round {round}: {state}");
                let plies = state["plies"].as_u64().unwrap() as usize;
                assert!(plies >= answered, "round {round}: {plies} < {answered}");
                if state["over"] == true {
                    new_game(&server)
                } else {
                    id.clone()
                }
            }
        };
        if id.as_deref() != Some(&game) {
            answered = 0;
        }
        id = Some(game.clone());
        // SIGKILL after 0 to 400 ms, whatever the server is doing.
        let after = Duration::from_millis(rng.below(400) as u64);
        let pid = server.child.id();
        let killer = std::thread::spawn(move || {
            std::thread::sleep(after);
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        });
        while let Some((status, state)) = server.plays(&game, rng.below(64)) {
            if status != 200 {
                break;
            }
            answered = answered.max(state["plies"].as_u64().unwrap_or(0) as usize);
            if state["over"] == true {
                break;
            }
        }
        killer.join().unwrap();
        server.kill();
        kills_mid_game += 1;
        let (check, plies) = stored(&data, &game);
        assert_eq!(check, "ok", "round {round}: the file is damaged");
        assert!(
            plies >= answered,
            "round {round}: {plies} half-moves stored, {answered} answered"
        );
    }
    assert_eq!(kills_mid_game, rounds);
}

#[test]
fn a_server_killed_at_random_moments_loses_no_answered_move_and_never_its_file() {
    killed_at_random_moments(12, 70);
}

/// The same, hundreds of times (`cargo test -p morphy-adapter --test integration
/// -- --ignored kill`; docs/RELIABILITY.md).
#[test]
#[ignore = "about a minute: 300 kills"]
fn three_hundred_kills_lose_nothing() {
    killed_at_random_moments(300, 7070);
}

/// Whether the last change to game `id` was kept, and its plies as the page has them.
fn kept(server: &Server, id: &str) -> (bool, usize) {
    let state = server.persons_turn(id).expect("the server answers");
    (
        state["kept"] == true,
        state["plies"].as_u64().unwrap() as usize,
    )
}

#[test]
fn a_database_locked_by_another_program_is_named_and_the_game_kept_once_it_is_free() {
    let dir = Folder::new("locked");
    let data = dir.0.join("morphy");
    let server = Server::start(&data);
    let id = new_game(&server);
    server.plays(&id, 0).unwrap();
    assert!(kept(&server, &id).0);
    // Another program holds the file.
    let other = Connection::open(file_of(&data)).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let (status, answer) = server.plays(&id, 1).unwrap();
    assert_eq!(status, 200, "the board plays on: {answer}");
    let (is_kept, _) = kept(&server, &id);
    assert!(!is_kept, "the page is told the game is not kept");
    let console = server.console();
    eprintln!("the console: {console}");
    assert!(
        console.contains(&file_of(&data).display().to_string()) && console.contains("locked"),
        "{console}"
    );
    // Free again: the next change writes the whole game.
    other.execute_batch("COMMIT").unwrap();
    drop(other);
    server.plays(&id, 2).unwrap();
    let (is_kept, plies) = kept(&server, &id);
    assert!(is_kept);
    let (check, stored_plies) = stored(&data, &id);
    assert_eq!(check, "ok");
    assert_eq!(stored_plies, plies);
}

/// Whether this process is root (who may write anywhere).
fn root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

#[test]
fn a_data_folder_that_cannot_be_written_is_named_and_the_board_plays_on() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let dir = Folder::new("read-only");
    let data = dir.0.join("morphy");
    // A database with one game, then the folder and file made read-only.
    let id = {
        let server = Server::start(&data);
        let id = new_game(&server);
        server.plays(&id, 0).unwrap();
        id
    };
    // Its log folded into the file (as a clean stop of the last program holding it
    // would), so that the folder holds the file alone.
    {
        let conn = Connection::open(file_of(&data)).unwrap();
        let _: (i64, i64, i64) = conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap();
    }
    let before = std::fs::read(file_of(&data)).unwrap();
    let mode = |path: &Path, m: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(m)).unwrap();
    };
    for path in [dir.0.clone(), data.clone()] {
        mode(&path, 0o755);
    }
    mode(&file_of(&data), 0o644);
    // Root writes anywhere: the server then runs as nobody, as a user without the
    // right to write would.
    let mut command = Command::new(env!("CARGO_BIN_EXE_morphy"));
    if root() {
        command.uid(65534).gid(65534);
    } else {
        mode(&data, 0o555);
        mode(&file_of(&data), 0o444);
    }
    let server = Server::start_with(command, &data, &[]);
    let console = server.console();
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut console = console;
    while !console.contains("not be kept") && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        console = server.console();
    }
    eprintln!("the console: {console}");
    assert!(
        console.contains(&file_of(&data).display().to_string()) && console.contains("not be kept"),
        "{console}"
    );
    let other = new_game(&server);
    let (status, _) = server.plays(&other, 0).unwrap();
    assert_eq!(status, 200, "the board plays on");
    assert!(!kept(&server, &other).0, "the page is told");
    drop(server);
    mode(&data, 0o755);
    assert_eq!(std::fs::read(file_of(&data)).unwrap(), before, "untouched");
    assert!(stored(&data, &id).1 >= 1);
}

/// A mounted folder, unmounted when dropped.
struct Unmount(PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_is_named_the_board_plays_on_and_the_game_is_kept_once_there_is_room() {
    let dir = Folder::new("full");
    std::fs::create_dir_all(&dir.0).unwrap();
    let disk = dir.0.join("disk");
    std::fs::create_dir_all(&disk).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
        .arg(&disk)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        assert!(
            std::env::var_os("CI").is_none(),
            "under CI the full-disk test must run: a tmpfs cannot be mounted"
        );
        eprintln!("skipped: a tmpfs cannot be mounted here (needs root)");
        return;
    }
    let _unmount = Unmount(disk.clone());
    let data = disk.join("morphy");
    let server = Server::start(&data);
    let id = new_game(&server);
    server.plays(&id, 0).unwrap();
    assert!(kept(&server, &id).0);
    // The disk filled to the last byte.
    let filler = disk.join("filler");
    {
        let mut f = std::fs::File::create(&filler).unwrap();
        let block = vec![0u8; 4096];
        while f.write_all(&block).is_ok() {}
        let _ = f.write_all(&[0u8; 1]);
        let _ = f.sync_all();
    }
    let mut lost_keeping = false;
    for n in 1..40 {
        let (status, answer) = server.plays(&id, n).unwrap();
        assert_eq!(status, 200, "the board plays on: {answer}");
        if !kept(&server, &id).0 {
            lost_keeping = true;
            break;
        }
    }
    assert!(
        lost_keeping,
        "the page is told once nothing more can be written"
    );
    let console = server.console();
    eprintln!("the console: {console}");
    assert!(
        console.contains(&file_of(&data).display().to_string()) && console.contains("full"),
        "{console}"
    );
    // Room again: the next change writes the whole game.
    std::fs::remove_file(&filler).unwrap();
    server.plays(&id, 99).unwrap();
    let (is_kept, plies) = kept(&server, &id);
    assert!(is_kept);
    drop(server);
    let (check, stored_plies) = stored(&data, &id);
    assert_eq!(check, "ok");
    assert_eq!(stored_plies, plies);
}
