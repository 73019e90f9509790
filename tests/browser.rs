//! The page in a real browser: headless Chromium, driven through chromedriver, plays a
//! whole quantum tic-tac-toe game and a whole Wythoff game against the engines by
//! clicking, and a few Go moves then two passes, checking what the page shows. Each
//! final screen is saved as a PNG under the target directory, and over the README's
//! screenshots in `docs/screenshots/` when `UPDATE_SCREENSHOTS=1`.
//!
//! Skipped with a notice when Chromium or chromedriver is missing, except under
//! `CI=true`, where that fails (`.ci/run` installs them).

mod common;
use common::bounded;

use common::outside::outside_program;
use common::{default_config, test_engine, TestServer, PATIENCE};
use fantoccini::{Client, ClientBuilder, Locator};
use gamebot::go::engine::EngineOptions;
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A headless Chromium under its own chromedriver, killed when dropped.
struct Browser {
    client: Client,
    _driver: Driver,
}

/// The chromedriver process in a process group of its own, which holds the Chromium it
/// starts too: the whole group is killed when this is dropped, even when a test fails
/// before it could end the browser session.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Browser {
    /// Starts one, or `None` (after a notice) when Chromium or chromedriver is missing.
    async fn start() -> Option<Browser> {
        let chromium = outside_program("chromium", &[], "apt-get install chromium")?;
        let chromedriver = outside_program("chromedriver", &[], "apt-get install chromium-driver")?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Driver(
            Command::new(chromedriver)
                .arg(format!("--port={port}"))
                .process_group(0)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("cannot start chromedriver"),
        );
        let capabilities = json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1100,900"],
            }
        });
        let capabilities = match capabilities {
            Value::Object(map) => map,
            _ => unreachable!(),
        };
        let deadline = Instant::now() + PATIENCE;
        let client = loop {
            let connected = ClientBuilder::new(HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await;
            match connected {
                Ok(client) => break client,
                // chromedriver may not be listening yet.
                Err(_) if Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(error) => panic!("cannot start a Chromium session: {error}"),
            }
        };
        Some(Browser {
            client,
            _driver: driver,
        })
    }

    /// Opens the page of `server` at the game `game`, once its games are set up.
    async fn open(&self, server: &TestServer, game: &str) {
        let url = format!("http://{}/#{game}", server.http.unwrap());
        self.client.goto(&url).await.unwrap();
        self.until(
            &format!("document.body.dataset.connection === 'open' && document.getElementById('{game}').dataset.status && document.getElementById('go').dataset.status"),
        )
        .await;
        self.idle(game).await;
    }

    /// Runs `script` (an expression) in the page.
    async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(&format!("return ({script});"), vec![])
            .await
            .unwrap_or_else(|error| panic!("{script}: {error}"))
    }

    async fn text(&self, script: &str) -> String {
        match self.eval(script).await {
            Value::String(text) => text,
            other => panic!("{script}: not text but {other}"),
        }
    }

    /// Waits until `script` (an expression) is true in the page.
    async fn until(&self, script: &str) {
        let deadline = Instant::now() + PATIENCE;
        let script = format!("Boolean({script})");
        while self.eval(&script).await != Value::Bool(true) {
            if Instant::now() > deadline {
                let page = self.eval("document.body.innerText").await;
                panic!(
                    "never true: {script}\nthe page says:\n{}",
                    page.as_str().unwrap_or("")
                );
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Waits until the game's panel has finished what it was doing.
    async fn idle(&self, game: &str) {
        self.until(&format!(
            "document.getElementById('{game}').dataset.busy === '0'"
        ))
        .await;
    }

    /// Clicks the element `css`, then waits until the game's panel is idle again.
    async fn click(&self, game: &str, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|error| panic!("{css}: {error}"))
            .click()
            .await
            .unwrap_or_else(|error| panic!("click {css}: {error}"));
        self.idle(game).await;
    }

    /// The game's state as the page sets it for tests: `data-status` of its panel.
    async fn status(&self, game: &str) -> String {
        self.text(&format!("document.getElementById('{game}').dataset.status"))
            .await
    }

    /// Saves the page as `NAME.png` under the target directory, and in
    /// `docs/screenshots/` when `UPDATE_SCREENSHOTS=1`.
    async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        let mut places = vec![PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots")];
        if std::env::var("UPDATE_SCREENSHOTS").as_deref() == Ok("1") {
            places.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots"));
        }
        for place in places {
            std::fs::create_dir_all(&place).unwrap();
            std::fs::write(place.join(format!("{name}.png")), &png).unwrap();
        }
    }

    /// Ends the browser session; chromedriver goes when the browser is dropped.
    async fn close(self) {
        let _ = self.client.clone().close().await;
    }
}

#[test]
fn a_whole_quantum_tic_tac_toe_game_against_the_engine() {
    bounded(async {
        let Some(browser) = Browser::start().await else {
            return;
        };
        let server = TestServer::start_with_http(default_config()).await;
        browser.open(&server, "qttt").await;
        browser.click("qttt", "#qttt-hint").await;
        for _ in 0..20 {
            let status = browser.status("qttt").await;
            if status.starts_with("over") {
                break;
            }
            if status.starts_with("collapse x") {
                // The choice, shown as the boards it leads to: take the first.
                browser.click("qttt", "#qttt-choices .choice").await;
                continue;
            }
            assert!(status.starts_with("move x"), "{status}");
            let free = browser
            .eval("[...document.querySelectorAll('#qttt-board .cell[data-classical=\"false\"]')].map((cell) => cell.dataset.cell)")
            .await;
            let free: Vec<&str> = free
                .as_array()
                .unwrap()
                .iter()
                .map(|cell| cell.as_str().unwrap())
                .collect();
            // The hints list every legal action: as many as pairs of free cells.
            let hints = browser
                .eval("document.querySelectorAll('#qttt-hints button').length")
                .await;
            assert!(hints.as_u64().unwrap() >= 1, "no hints shown");
            browser
                .click("qttt", &format!("[data-cell=\"{}\"]", free[0]))
                .await;
            if free.len() > 1 {
                browser
                    .click("qttt", &format!("[data-cell=\"{}\"]", free[1]))
                    .await;
            }
            let error = browser
                .text("document.getElementById('qttt-error').textContent")
                .await;
            assert_eq!(error, "", "after {status}");
        }
        let status = browser.status("qttt").await;
        assert!(status.starts_with("over "), "{status}");
        let shown = browser
            .text("document.getElementById('qttt-score').textContent")
            .await;
        let record = browser
            .text("document.getElementById('qttt-record').textContent")
            .await;
        // The score shown is the score of the record shown, as the server counts it.
        let mut tcp = server.connect().await;
        assert_eq!(tcp.ok(&format!("qttt-score {record}")).await, shown);
        assert_eq!(format!("over {shown}"), status);
        browser.screenshot("qttt").await;
        // Two people on one screen: X closes a cycle of three, and X chooses its collapse
        // from the two boards offered.
        browser
            .eval("(document.getElementById('qttt-mode').value = 'both', true)")
            .await;
        browser.click("qttt", "#qttt-new").await;
        for cell in ["A", "B", "B", "E", "D", "E", "A", "E"] {
            browser
                .click("qttt", &format!("[data-cell=\"{cell}\"]"))
                .await;
        }
        assert_eq!(browser.status("qttt").await, "collapse x 1 4");
        let cycle = browser
        .eval("[...document.querySelectorAll('#qttt-board .cycle')].map((cell) => cell.dataset.cell).join('')")
        .await;
        assert_eq!(cycle, "ABE");
        let choices = browser
        .eval("[...document.querySelectorAll('#qttt-choices .choice')].map((choice) => choice.dataset.token).join(' ')")
        .await;
        assert_eq!(choices, "1 4");
        browser
            .click("qttt", "#qttt-choices .choice[data-token=\"4\"]")
            .await;
        assert_eq!(browser.status("qttt").await, "move x");
        let record = browser
            .text("document.getElementById('qttt-record').textContent")
            .await;
        assert_eq!(record, "AB BE DE AE 4");
        browser.close().await;
        server.shutdown().await;
    })
}

#[test]
fn a_whole_wythoff_game_against_the_engine() {
    bounded(async {
        let Some(browser) = Browser::start().await else {
            return;
        };
        let server = TestServer::start_with_http(default_config()).await;
        browser.open(&server, "wythoff").await;
        // Piles of thousands of digits are fine: typed in the box, shown as numbers.
        let huge = format!("1{}", "0".repeat(3000));
        browser
        .eval(&format!(
            "(document.getElementById('wythoff-a').value = '{huge}', document.getElementById('wythoff-b').value = '5', true)"
        ))
        .await;
        browser.click("wythoff", "#wythoff-new").await;
        assert_eq!(browser.status("wythoff").await, format!("{huge} 5 first"));
        browser
        .eval("(document.getElementById('wythoff-a').value = '7', document.getElementById('wythoff-b').value = '12', true)")
        .await;
        browser.click("wythoff", "#wythoff-new").await;
        assert_eq!(browser.status("wythoff").await, "7 12 first");
        // The grid marks the cold positions near (7, 12): (4, 7) is one of them.
        let cold = browser
            .eval("[...document.querySelectorAll('#wythoff-grid .cold')].map((spot) => spot.title)")
            .await;
        assert!(
            cold.as_array().unwrap().iter().any(|t| t == "4 7, cold"),
            "{cold}"
        );
        for _ in 0..40 {
            let status = browser.status("wythoff").await;
            if status.ends_with("won") {
                break;
            }
            // Take one counter from the larger pile by clicking its last counter.
            let piles: Vec<u64> = status
                .split(' ')
                .take(2)
                .map(|pile| pile.parse().unwrap())
                .collect();
            let (pile, size) = if piles[0] >= piles[1] {
                ("A", piles[0])
            } else {
                ("B", piles[1])
            };
            browser
                .click(
                    "wythoff",
                    &format!(
                        "button.counter[data-pile=\"{pile}\"][data-leaves=\"{}\"]",
                        size - 1
                    ),
                )
                .await;
        }
        assert_eq!(browser.status("wythoff").await, "0 0 second won");
        let result = browser
            .text("document.getElementById('wythoff-result').textContent")
            .await;
        assert_eq!(result, "The engine took the last counter: it won.");
        browser.screenshot("wythoff").await;
        // A server that goes away is reported in words, with a way to reconnect.
        let stopping = tokio::spawn(server.shutdown());
        browser
            .until("!document.getElementById('reconnect').hidden")
            .await;
        let connection = browser
            .text("document.getElementById('connection-text').textContent")
            .await;
        assert_eq!(
            connection,
            "Connection lost (server shutting down). The games on the server are gone."
        );
        stopping.await.unwrap();
        browser.close().await;
    })
}

/// Moves the engine plays for both sides before the passes, so that areas form.
const ENGINE_MOVES: usize = 24;

#[test]
fn go_moves_against_the_engine_then_two_passes_are_counted() {
    bounded(async {
        let Some(browser) = Browser::start().await else {
            return;
        };
        // The engine plays both sides below until both pass; one side may fall far
        // enough behind to resign, which would end the game before the count this
        // test is about, so this engine never resigns.
        let engine = EngineOptions {
            resign_below: 0.0,
            ..test_engine()
        };
        let server = TestServer::start_with_http_engine(default_config(), engine).await;
        browser.open(&server, "go").await;
        assert_eq!(browser.status("go").await, "b to move");
        for vertex in ["C3", "G7", "C7", "G3", "E5", "D4", "F6"] {
            let taken = browser
                .eval(&format!(
                    "document.querySelector('[data-stone=\"{vertex}\"]') !== null"
                ))
                .await;
            if taken == Value::Bool(true) {
                continue;
            }
            browser
                .click("go", &format!("rect[data-vertex=\"{vertex}\"]"))
                .await;
            // The engine (White) has answered: Black is to move again.
            assert_eq!(browser.status("go").await, "b to move");
        }
        let stones = browser
            .eval("document.querySelectorAll('#go-board [data-stone]').length")
            .await;
        assert!(stones.as_u64().unwrap() >= 8, "{stones}");
        // An illegal move is refused in words, and changes nothing.
        browser.click("go", "rect[data-vertex=\"C3\"]").await;
        let error = browser
            .text("document.getElementById('go-error').textContent")
            .await;
        assert!(error.starts_with("Refused: illegal move"), "{error}");
        // The analysis streams the win rate and candidate moves onto the board.
        browser.click("go", "#go-analyze").await;
        browser
            .until("document.getElementById('go-analysis').textContent.includes('win rate')")
            .await;
        browser
            .until("document.querySelectorAll('#go-board .candidate').length > 0")
            .await;
        browser.click("go", "#go-analyze").await;
        // The engine plays both sides for a while, then both pass, and the count is shown.
        browser
        .eval("(document.getElementById('go-engine').value = '', document.getElementById('go-engine').dispatchEvent(new Event('change')), true)")
        .await;
        browser.idle("go").await;
        for _ in 0..ENGINE_MOVES {
            browser.click("go", "#go-genmove").await;
        }
        browser.click("go", "#go-pass").await;
        browser.click("go", "#go-pass").await;
        assert_eq!(browser.status("go").await, "over");
        let result = browser
            .text("document.getElementById('go-result').textContent")
            .await;
        // `B+3: Black wins by 3 (area: Black 42, White 32, komi 7)`: the score agrees
        // with the areas the page shaded.
        let numbers: Vec<f64> = result
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|word| !word.is_empty() && *word != ".")
            .map(|word| word.parse().unwrap())
            .collect();
        let (black, white, komi) = (
            numbers[numbers.len() - 3],
            numbers[numbers.len() - 2],
            numbers[numbers.len() - 1],
        );
        let margin = black - white - komi;
        let expected = if margin > 0.0 {
            format!("B+{margin}")
        } else if margin < 0.0 {
            format!("W+{}", -margin)
        } else {
            "0".to_string()
        };
        assert!(result.starts_with(&format!("{expected}: ")), "{result}");
        // Each colour's area is its stones and the empty points shaded in its colour.
        let areas = browser
        .eval("['b', 'w'].map((c) => document.querySelectorAll(`#go-board .stone-${c}, #go-board .area-${c}`).length)")
        .await;
        assert_eq!(areas, json!([black as u64, white as u64]), "{result}");
        browser.screenshot("go").await;
        browser.close().await;
        server.shutdown().await;
    })
}
