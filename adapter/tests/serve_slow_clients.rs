//! Slow and idle clients do not keep others from being served (the real `morphy serve`,
//! over sockets): a client that sends its request's headers a byte a second is closed
//! once the header timeout passes, 200 connections that send nothing are closed alike,
//! and meanwhile every ordinary request is answered at once.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use morphy_adapter::serve::listen::HEADER_TIMEOUT;

use crate::serve_faults::Server;
use crate::serve_kept::Folder;

/// An ordinary request answered, and how long it took.
fn answered_in(server: &Server) -> Duration {
    let start = Instant::now();
    let (status, _) = server
        .request("GET", "/api/choices", None)
        .expect("the server answers");
    assert_eq!(status, 200);
    start.elapsed()
}

/// Whether the server has closed `stream` (a read gives the end, or an error), waiting at
/// most `patience`.
fn closed_within(stream: &mut TcpStream, patience: Duration) -> bool {
    stream
        .set_read_timeout(Some(patience))
        .expect("a read timeout");
    let mut byte = [0u8; 512];
    loop {
        match stream.read(&mut byte) {
            Ok(0) => return true,
            // An answer (a 408 as it closes) is read on.
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => return false,
            Err(_) => return true,
        }
    }
}

#[test]
fn a_client_sending_its_headers_a_byte_a_second_is_closed_and_others_are_served() {
    let dir = Folder::new("slow");
    let server = Server::start(&dir.0.join("morphy"));
    let port = server.port;
    let started = Instant::now();
    let slow = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
        let head = format!("GET /api/choices HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ");
        for b in head.bytes().chain(std::iter::repeat(b'a')) {
            if stream.write_all(&[b]).is_err() {
                return Some(started.elapsed());
            }
            if closed_within(&mut stream, Duration::from_secs(1)) {
                return Some(started.elapsed());
            }
            if started.elapsed() > HEADER_TIMEOUT * 3 {
                return None;
            }
        }
        None
    });
    // Meanwhile others are answered at once.
    for _ in 0..5 {
        let took = answered_in(&server);
        assert!(
            took < Duration::from_secs(2),
            "an ordinary request took {took:?}"
        );
        std::thread::sleep(Duration::from_secs(1));
    }
    let closed_after = slow.join().unwrap().expect("the slow client is closed");
    assert!(
        closed_after >= HEADER_TIMEOUT.saturating_sub(Duration::from_secs(1))
            && closed_after <= HEADER_TIMEOUT + Duration::from_secs(5),
        "closed after {closed_after:?}"
    );
}

#[test]
fn two_hundred_idle_connections_are_closed_and_keep_no_one_from_being_served() {
    let dir = Folder::new("idle");
    let server = Server::start(&dir.0.join("morphy"));
    let mut idle: Vec<TcpStream> = (0..200)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).expect("connects"))
        .collect();
    let opened = Instant::now();
    for _ in 0..3 {
        let took = answered_in(&server);
        assert!(
            took < Duration::from_secs(2),
            "an ordinary request took {took:?}"
        );
    }
    let patience = HEADER_TIMEOUT + Duration::from_secs(5);
    let mut closed = 0;
    for stream in &mut idle {
        let left = patience
            .saturating_sub(opened.elapsed())
            .max(Duration::from_millis(10));
        if closed_within(stream, left) {
            closed += 1;
        }
    }
    assert_eq!(closed, 200, "idle connections closed within {patience:?}");
    // And the server serves on.
    assert!(answered_in(&server) < Duration::from_secs(2));
}
