//! Which web pages may open WebSocket sessions. A browser sends the page's origin with
//! every WebSocket upgrade; without a check, any site a user visits could drive the
//! gamebot running on their machine. A page served by gamebot itself (same origin), the
//! origins the operator allows, and clients that send no `Origin` (not browsers) are let
//! in; every other origin is refused.

use std::fmt;
use thiserror::Error;

/// An `--allow-origin` value that is neither `*` nor an origin.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{0:?} is not an origin: give scheme://host[:port] (http or https, no path), or *")]
pub struct NotAnOrigin(String);

/// The origins allowed beside the page's own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowedOrigins {
    /// Whether `*` was given: every origin is allowed.
    any: bool,
    /// The origins given, lowercased, without a trailing `/`.
    listed: Vec<String>,
}

impl AllowedOrigins {
    /// The page's own origin only.
    pub fn same_origin_only() -> AllowedOrigins {
        AllowedOrigins::default()
    }

    /// The page's own origin and each of `origins`: `*` for any, or
    /// `scheme://host[:port]`.
    pub fn new<S: AsRef<str>>(origins: &[S]) -> Result<AllowedOrigins, NotAnOrigin> {
        let mut allowed = AllowedOrigins::default();
        for origin in origins {
            let origin = origin.as_ref();
            if origin == "*" {
                allowed.any = true;
            } else {
                allowed.listed.push(parse(origin)?);
            }
        }
        Ok(allowed)
    }

    /// Whether a WebSocket upgrade that came to `host` (its `Host` header) from a page
    /// of `origin` (its `Origin` header, if any) is let in.
    pub fn allows(&self, origin: Option<&str>, host: Option<&str>) -> bool {
        let Some(origin) = origin else {
            return true;
        };
        if self.any {
            return true;
        }
        let origin = origin.trim().trim_end_matches('/').to_ascii_lowercase();
        let same_site = host.is_some_and(|host| {
            let host = host.trim().to_ascii_lowercase();
            ["http://", "https://"]
                .iter()
                .any(|scheme| origin.strip_prefix(scheme) == Some(host.as_str()))
        });
        same_site || self.listed.contains(&origin)
    }
}

impl fmt::Display for AllowedOrigins {
    /// The page's own origin, then the others: for the log at start.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the page's own")?;
        if self.any {
            return f.write_str(", any");
        }
        for origin in &self.listed {
            write!(f, ", {origin}")?;
        }
        Ok(())
    }
}

/// A checked origin, lowercased, without a trailing `/`.
pub fn parse(origin: &str) -> Result<String, NotAnOrigin> {
    let refused = || NotAnOrigin(origin.to_owned());
    let lower = origin.trim_end_matches('/').to_ascii_lowercase();
    let rest = ["http://", "https://"]
        .iter()
        .find_map(|scheme| lower.strip_prefix(scheme))
        .ok_or_else(refused)?;
    // An IPv6 host is in brackets: `[::1]:3000`.
    let (host, port) = match rest.strip_prefix('[') {
        Some(bracketed) => {
            let (address, after) = bracketed.split_once(']').ok_or_else(refused)?;
            let port = match after {
                "" => None,
                _ => Some(after.strip_prefix(':').ok_or_else(refused)?),
            };
            (address, port)
        }
        None => match rest.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        },
    };
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:".contains(c));
    let port_ok = port.is_none_or(|port| !port.is_empty() && port.parse::<u16>().is_ok());
    if host_ok && port_ok {
        Ok(lower)
    } else {
        Err(refused())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_s_own_origin_and_clients_without_one_are_let_in() {
        let _bound = crate::test_bound::bound();
        let own = AllowedOrigins::same_origin_only();
        assert!(own.allows(None, Some("127.0.0.1:8080")));
        assert!(own.allows(Some("http://127.0.0.1:8080"), Some("127.0.0.1:8080")));
        assert!(own.allows(Some("https://Games.Example:443"), Some("games.example:443")));
        assert!(!own.allows(Some("http://evil.example"), Some("127.0.0.1:8080")));
        assert!(!own.allows(Some("http://127.0.0.1:9999"), Some("127.0.0.1:8080")));
        assert!(!own.allows(Some("null"), Some("127.0.0.1:8080")));
        assert!(!own.allows(Some("http://127.0.0.1:8080"), None));
    }

    #[test]
    fn listed_origins_and_the_star_widen_it() {
        let _bound = crate::test_bound::bound();
        let listed = AllowedOrigins::new(&["https://play.example", "http://[::1]:3000/"]).unwrap();
        assert!(listed.allows(Some("https://play.example"), Some("127.0.0.1:8080")));
        assert!(listed.allows(Some("http://[::1]:3000"), Some("127.0.0.1:8080")));
        assert!(!listed.allows(Some("http://play.example"), Some("127.0.0.1:8080")));
        let any = AllowedOrigins::new(&["*"]).unwrap();
        assert!(any.allows(Some("http://evil.example"), Some("127.0.0.1:8080")));
        assert_eq!(
            listed.to_string(),
            "the page's own, https://play.example, http://[::1]:3000"
        );
    }

    #[test]
    fn what_is_not_an_origin_is_refused() {
        let _bound = crate::test_bound::bound();
        for bad in [
            "play.example",
            "ftp://play.example",
            "https://",
            "https://play.example/page",
            "https://play.example:http",
            "https://play.example:99999",
            "",
        ] {
            assert!(AllowedOrigins::new(&[bad]).is_err(), "{bad:?}");
        }
    }
}
