//! The page that plays the three games in a browser: its files live in `web/` and are
//! compiled into the binary, so nothing is fetched at run time.

use super::HttpState;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

/// One file of the page: where it is served, its media type, its bytes.
struct File {
    path: &'static str,
    media_type: &'static str,
    body: &'static str,
}

/// Every file of the page.
const FILES: &[File] = &[
    File {
        path: "/",
        media_type: "text/html; charset=utf-8",
        body: include_str!("../../../web/index.html"),
    },
    File {
        path: "/style.css",
        media_type: "text/css; charset=utf-8",
        body: include_str!("../../../web/style.css"),
    },
    File {
        path: "/gtp.js",
        media_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/gtp.js"),
    },
    File {
        path: "/qttt.js",
        media_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/qttt.js"),
    },
    File {
        path: "/wythoff.js",
        media_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/wythoff.js"),
    },
    File {
        path: "/go.js",
        media_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/go.js"),
    },
    File {
        path: "/app.js",
        media_type: "text/javascript; charset=utf-8",
        body: include_str!("../../../web/app.js"),
    },
];

/// A `GET` route for every file of the page.
pub(super) fn routes() -> Router<HttpState> {
    FILES.iter().fold(Router::new(), |router, file| {
        let headers = [
            (CONTENT_TYPE, file.media_type),
            // The files change only with the binary; a reload should not show a stale page.
            (CACHE_CONTROL, "no-cache"),
        ];
        let body = file.body;
        router.route(
            file.path,
            get(move || async move { (headers, body).into_response() }),
        )
    })
}
