//! The page in a real browser: headless Chromium driven through chromedriver.

use fantoccini::ClientBuilder;
use hyper_util::client::legacy::connect::HttpConnector;

#[tokio::test]
async fn builds() {
    let _ = ClientBuilder::new(HttpConnector::new());
}
