//! The web board's accept loop: each connection served by hyper's HTTP/1 with a timeout
//! on reading a request's headers (a client that sends a byte a second, or connects and
//! sends nothing, is closed), and a cap on the connections open at once (beyond it a new
//! connection is closed at once), so that slow or idle clients cannot keep others from
//! being served. On shutdown the loop stops accepting and lets the answers under way
//! finish, for at most a few seconds.

use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long a client has to send a request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The most connections open at once (a tab holds one or two: its event stream, and a
/// request now and then).
pub const MAX_CONNECTIONS: usize = 512;
/// How long answers under way are given to finish on shutdown.
const GRACE: Duration = Duration::from_secs(3);

/// Serves `router` on `listener` until `shutdown` completes.
///
/// # Errors
/// None today: a failed accept (too many open files, say) is told on the console and
/// the loop goes on after a pause.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .keep_alive(true);
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut full_told = false;
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    Err(e) => {
                        eprintln!("serve: a connection could not be accepted: {e}");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
                    if !full_told {
                        eprintln!(
                            "serve: {MAX_CONNECTIONS} connections are open; new ones are \
                             closed until some end"
                        );
                        full_told = true;
                    }
                    drop(stream);
                    continue;
                };
                full_told = false;
                let service = TowerToHyperService::new(router.clone());
                let connection = http.serve_connection(TokioIo::new(stream), service);
                let connection = graceful.watch(connection);
                tokio::spawn(async move {
                    // A connection that ends badly (a client gone, a timeout) is no error
                    // of the server's.
                    let _ = connection.await;
                    drop(slot);
                });
            }
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(GRACE) => {
            eprintln!("serve: connections still open after {} s; closing them", GRACE.as_secs());
        }
    }
    Ok(())
}
