//! Answers only requests meant for this server: the `Host` header must name the address
//! it is bound to (or its `localhost`, `127.0.0.1`, `[::1]` forms), which turns away a
//! page of another site that DNS rebinding points at it; and a request that changes
//! anything must come from the board's own pages (`Origin` the same), which turns away
//! other sites' forms and scripts; a reading from another site's script (a foreign
//! `Origin`, or `Sec-Fetch-Site: cross-site` other than a navigation) is refused too.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The hosts and origins the server answers.
#[derive(Clone, Debug)]
pub struct Allowed {
    hosts: Vec<String>,
    origins: Vec<String>,
}

impl Allowed {
    /// For a server bound to `host`:`port`.
    pub fn new(host: &str, port: u16) -> Allowed {
        let bound = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]")
        } else {
            host.to_string()
        };
        let mut hosts: Vec<String> = [bound.as_str(), "localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|h| format!("{}:{port}", h.to_ascii_lowercase()))
            .collect();
        hosts.dedup();
        let origins = hosts.iter().map(|h| format!("http://{h}")).collect();
        Allowed { hosts, origins }
    }

    /// Whether `host` (a `Host` header) names this server.
    pub fn host(&self, host: &str) -> bool {
        self.hosts
            .iter()
            .any(|h| h.eq_ignore_ascii_case(host.trim()))
    }

    /// Whether `origin` (an `Origin` header) is the board's own.
    pub fn origin(&self, origin: &str) -> bool {
        self.origins
            .iter()
            .any(|o| o.eq_ignore_ascii_case(origin.trim()))
    }
}

/// Refuses requests for another host, and changes from another origin.
pub async fn guard(State(allowed): State<Arc<Allowed>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !allowed.host(host) {
        eprintln!("serve: refused a request for host '{host}'");
        return (
            StatusCode::MISDIRECTED_REQUEST,
            "this Morphy board answers only its own address",
        )
            .into_response();
    }
    let safe = matches!(*req.method(), Method::GET | Method::HEAD);
    let origin = headers.get(header::ORIGIN).and_then(|h| h.to_str().ok());
    // A reading from another site's script: a foreign `Origin`, or a browser's word that
    // the request is cross-site and no navigation (a link followed to the board is one).
    let fetch_site = headers.get("sec-fetch-site").and_then(|h| h.to_str().ok());
    let fetch_mode = headers.get("sec-fetch-mode").and_then(|h| h.to_str().ok());
    let foreign_read = origin.is_some_and(|o| !allowed.origin(o))
        || (fetch_site == Some("cross-site") && fetch_mode != Some("navigate"));
    if safe && foreign_read {
        eprintln!(
            "serve: refused a {} of {} from another site",
            req.method(),
            req.uri().path()
        );
        return (
            StatusCode::FORBIDDEN,
            "the board's games are read only by the board's own pages",
        )
            .into_response();
    }
    if !safe {
        let origin = origin.unwrap_or("");
        if !allowed.origin(origin) {
            eprintln!("serve: refused a {} from origin '{origin}'", req.method());
            return (
                StatusCode::FORBIDDEN,
                "changes are taken only from the board's own pages",
            )
                .into_response();
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_origins() {
        let a = Allowed::new("127.0.0.1", 8397);
        assert!(a.host("127.0.0.1:8397"));
        assert!(a.host("LOCALHOST:8397"));
        assert!(a.host("[::1]:8397"));
        assert!(!a.host("evil.example:8397"));
        assert!(!a.host("127.0.0.1:8398"));
        assert!(!a.host(""));
        assert!(a.origin("http://localhost:8397"));
        assert!(!a.origin("http://evil.example"));
        assert!(!a.origin("null"));
        assert!(Allowed::new("::1", 9).host("[::1]:9"));
    }
}
