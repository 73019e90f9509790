//! Go game records in SGF (`FF[4]`, also the older forms GNU Go's files use): the main
//! line of a record read into a game to replay, and a board's game written back. Text
//! only; the files themselves are the GTP adapter's business.

use super::board::Board;
use super::points::Points;
use super::vertex::Vertex;
use super::Colour;
use thiserror::Error;

/// The largest board SGF's one-letter coordinates (`a`..`z`, `A`..`Z`) can name.
pub const MAX_SGF_SIZE: usize = 52;

/// The main line of a Go game record: the first variation at every branch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfGame {
    /// The board side (`SZ`, 19 when not given).
    pub size: usize,
    /// The komi (`KM`), when given.
    pub komi: Option<Points>,
    /// Setup stones before the first move (`AB`, `AW`).
    pub black: Vec<Vertex>,
    pub white: Vec<Vertex>,
    /// Who moves first when the record says (`PL`).
    pub to_move: Option<Colour>,
    /// The moves, in order: who, and where (`None`: a pass).
    pub moves: Vec<(Colour, Option<Vertex>)>,
}

/// Why a text is not a Go game record gamebot can replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfError {
    /// Not SGF at all, or cut short.
    #[error("not an SGF game record: {0}")]
    Syntax(&'static str),
    /// `GM` other than 1.
    #[error("not a Go record (GM[{0}])")]
    NotGo(String),
    /// A size that is not one side from 1 to 52.
    #[error("unacceptable size SZ[{0}]: gamebot reads square boards from 1x1 to 52x52")]
    Size(String),
    /// A komi that is not a plain decimal.
    #[error("komi KM[{0}] is not a plain decimal")]
    Komi(String),
    /// A point that is not on the board.
    #[error("{property}[{value}] is not a point of the board")]
    Point {
        /// The property (`B`, `AB`, ...).
        property: String,
        /// Its value.
        value: String,
    },
    /// Setup stones after the first move.
    #[error("setup ({0}) after the first move is not supported")]
    LateSetup(String),
    /// `PL` other than `B` or `W`.
    #[error("PL[{0}] is not B or W")]
    Player(String),
    /// A board too large for SGF's coordinates (writing).
    #[error("a {0}x{0} board has no SGF coordinates (at most 52x52)")]
    TooLarge(usize),
}

/// One node: its properties, each with its values, identifiers in upper case.
type Node = Vec<(String, Vec<String>)>;

impl SgfGame {
    /// Reads the first game of `text`, following the first variation at every branch.
    pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
        let nodes = Reader::new(text).game()?;
        let mut game = SgfGame {
            size: 19,
            komi: None,
            black: Vec::new(),
            white: Vec::new(),
            to_move: None,
            moves: Vec::new(),
        };
        if let Some(root) = nodes.first() {
            for (key, values) in root {
                let value = values.first().map_or("", |value| value.trim());
                match key.as_str() {
                    "GM" if value != "1" => return Err(SgfError::NotGo(value.to_string())),
                    "SZ" => {
                        game.size = value
                            .parse()
                            .ok()
                            .filter(|&size| (1..=MAX_SGF_SIZE).contains(&size))
                            .ok_or_else(|| SgfError::Size(value.to_string()))?;
                    }
                    "KM" => {
                        let komi =
                            Points::parse(value).map_err(|_| SgfError::Komi(value.to_string()))?;
                        game.komi = Some(komi);
                    }
                    _ => {}
                }
            }
        }
        for node in &nodes {
            for (key, values) in node {
                match key.as_str() {
                    "B" | "W" => {
                        let colour = if key == "B" {
                            Colour::Black
                        } else {
                            Colour::White
                        };
                        let value = values.first().map_or("", |value| value.trim());
                        game.moves.push((colour, game.move_at(key, value)?));
                    }
                    "AB" | "AW" | "AE" if !game.moves.is_empty() => {
                        return Err(SgfError::LateSetup(key.clone()));
                    }
                    "AB" | "AW" | "AE" => {
                        for value in values {
                            for vertex in game.points(key, value.trim())? {
                                game.black.retain(|&stone| stone != vertex);
                                game.white.retain(|&stone| stone != vertex);
                                match key.as_str() {
                                    "AB" => game.black.push(vertex),
                                    "AW" => game.white.push(vertex),
                                    _ => {}
                                }
                            }
                        }
                    }
                    "PL" if game.moves.is_empty() => {
                        let value = values.first().map_or("", |value| value.trim());
                        game.to_move = Some(match value.to_ascii_uppercase().as_str() {
                            "B" | "BLACK" => Colour::Black,
                            "W" | "WHITE" => Colour::White,
                            _ => return Err(SgfError::Player(value.to_string())),
                        });
                    }
                    _ => {}
                }
            }
        }
        Ok(game)
    }

    /// A move's value: a point, or a pass (empty, or `tt` up to 19x19).
    fn move_at(&self, property: &str, value: &str) -> Result<Option<Vertex>, SgfError> {
        if value.is_empty() || (value == "tt" && self.size <= 19) {
            return Ok(None);
        }
        self.point(value).map(Some).ok_or_else(|| SgfError::Point {
            property: property.to_string(),
            value: value.to_string(),
        })
    }

    /// A setup value: a point, or a rectangle of them (`aa:cc`).
    fn points(&self, property: &str, value: &str) -> Result<Vec<Vertex>, SgfError> {
        let bad = || SgfError::Point {
            property: property.to_string(),
            value: value.to_string(),
        };
        let (from, to) = value.split_once(':').unwrap_or((value, value));
        let (from, to) = (
            self.point(from).ok_or_else(bad)?,
            self.point(to).ok_or_else(bad)?,
        );
        let columns = from.column.min(to.column)..=from.column.max(to.column);
        let rows = from.row.min(to.row)..=from.row.max(to.row);
        Ok(columns
            .flat_map(|column| rows.clone().map(move |row| Vertex { column, row }))
            .collect())
    }

    /// Two coordinate letters, column then row from the top.
    fn point(&self, value: &str) -> Option<Vertex> {
        let &[column, row] = value.as_bytes() else {
            return None;
        };
        let (column, row) = (coordinate(column)?, coordinate(row)?);
        (column < self.size && row < self.size).then(|| Vertex {
            column,
            row: self.size - 1 - row,
        })
    }
}

/// A coordinate letter's index: `a`..`z` then `A`..`Z`.
fn coordinate(letter: u8) -> Option<usize> {
    match letter {
        b'a'..=b'z' => Some(usize::from(letter - b'a')),
        b'A'..=b'Z' => Some(usize::from(letter - b'A') + 26),
        _ => None,
    }
}

/// The letter of coordinate `index` (below [`MAX_SGF_SIZE`]).
fn letter(index: usize) -> char {
    let index = index as u8;
    char::from(if index < 26 {
        b'a' + index
    } else {
        b'A' + index - 26
    })
}

/// The SGF of `board`'s game with `komi`: the start position's stones as setup, then
/// every move, one a line; no empty line. `komi` is written as given (`6.5`).
pub fn write(board: &Board, komi: &str) -> Result<String, SgfError> {
    let size = board.size();
    if size > MAX_SGF_SIZE {
        return Err(SgfError::TooLarge(size));
    }
    let name = |point: usize| {
        let vertex = board.vertex(point);
        format!("{}{}", letter(vertex.column), letter(size - 1 - vertex.row))
    };
    let mut text = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[gamebot:{}]SZ[{size}]KM[{komi}]RU[Tromp-Taylor]",
        env!("CARGO_PKG_VERSION")
    );
    let start = board.start();
    for (colour, property) in [(Colour::Black, "AB"), (Colour::White, "AW")] {
        let stones: Vec<usize> = (0..size * size)
            .filter(|&point| start.get(point) == Some(colour))
            .collect();
        if !stones.is_empty() {
            text.push_str(property);
            for point in stones {
                text.push_str(&format!("[{}]", name(point)));
            }
        }
    }
    if start.stone_count() > 0 {
        let first = match start.to_move() {
            Colour::Black => 'B',
            Colour::White => 'W',
        };
        text.push_str(&format!("PL[{first}]"));
    }
    for record in board.moves() {
        let colour = match record.colour {
            Colour::Black => 'B',
            Colour::White => 'W',
        };
        let point = record.point.map(name).unwrap_or_default();
        text.push_str(&format!("\n;{colour}[{point}]"));
    }
    text.push(')');
    Ok(text)
}

/// Reads SGF's tree syntax: `(`, nodes `;KEY[value]...`, variations, `)`.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text: text.as_bytes(),
            at: 0,
        }
    }

    /// The next byte that is not white space, not taken.
    fn peek(&mut self) -> Option<u8> {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
        self.text.get(self.at).copied()
    }

    /// The main line of the first game tree: its nodes, then those of its first
    /// variation, and so on down; other variations are skipped. Nesting costs no stack,
    /// however deep the file nests its variations.
    fn game(&mut self) -> Result<Vec<Node>, SgfError> {
        // Anything before the first `(` (a mail header, a BOM) is skipped.
        self.at = self
            .text
            .iter()
            .position(|&byte| byte == b'(')
            .ok_or(SgfError::Syntax("no game tree '('"))?;
        let mut nodes = Vec::new();
        let mut open = 0;
        while self.peek() == Some(b'(') {
            self.at += 1;
            open += 1;
            while self.peek() == Some(b';') {
                self.at += 1;
                nodes.push(self.node()?);
            }
        }
        if nodes.is_empty() {
            return Err(SgfError::Syntax("a game tree without nodes"));
        }
        // Close every tree opened, skipping the variations after the one followed.
        while open > 0 {
            match self.peek() {
                Some(b'(') => self.skip_tree()?,
                Some(b')') => {
                    self.at += 1;
                    open -= 1;
                }
                Some(_) => return Err(SgfError::Syntax("unexpected text between nodes")),
                None => return Err(SgfError::Syntax("the record ends before its ')'")),
            }
        }
        Ok(nodes)
    }

    /// Skips one whole game tree, values included; the `(` is next.
    fn skip_tree(&mut self) -> Result<(), SgfError> {
        let mut open = 0usize;
        loop {
            match self.text.get(self.at) {
                None => return Err(SgfError::Syntax("the record ends before its ')'")),
                Some(b'[') => {
                    self.value()?;
                    continue;
                }
                Some(b'(') => open += 1,
                Some(b')') => {
                    open -= 1;
                    if open == 0 {
                        self.at += 1;
                        return Ok(());
                    }
                }
                Some(_) => {}
            }
            self.at += 1;
        }
    }

    /// One node's properties; the `;` is taken.
    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::new();
        while self.peek().is_some_and(|byte| byte.is_ascii_alphabetic()) {
            let mut key = String::new();
            while let Some(&byte) = self.text.get(self.at) {
                if !byte.is_ascii_alphabetic() {
                    break;
                }
                // FF[3] spells identifiers out (`AddBlack`): the capitals are the name.
                if byte.is_ascii_uppercase() {
                    key.push(char::from(byte));
                }
                self.at += 1;
            }
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(SgfError::Syntax("a property without a value"));
            }
            node.push((key, values));
        }
        Ok(node)
    }

    /// One value, `\` escapes undone; the `[` is next.
    fn value(&mut self) -> Result<String, SgfError> {
        self.at += 1;
        let mut value = Vec::new();
        loop {
            let &byte = self
                .text
                .get(self.at)
                .ok_or(SgfError::Syntax("a value without its ']'"))?;
            self.at += 1;
            match byte {
                b']' => return Ok(String::from_utf8_lossy(&value).into_owned()),
                b'\\' => {
                    if let Some(&next) = self.text.get(self.at) {
                        value.push(next);
                        self.at += 1;
                    }
                }
                _ => value.push(byte),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(column: usize, row: usize) -> Vertex {
        Vertex { column, row }
    }

    #[test]
    fn reads_the_main_line_setup_and_passes() {
        let _bound = crate::test_bound::bound();
        let text = "junk (;FF[4]GM[1]SZ[9]KM[6.5]HA[2]AB[cc:cd]AW[ee]PL[W]C[a \\] comment]\
                    ;W[aa];B[](;W[ii];B[tt]C[(not a tree)])(;W[bb]))";
        let game = SgfGame::parse(text).unwrap();
        assert_eq!(game.size, 9);
        assert_eq!(game.komi, Points::parse("6.5").ok());
        assert_eq!(game.black, [v(2, 5), v(2, 6)]);
        assert_eq!(game.white, [v(4, 4)]);
        assert_eq!(game.to_move, Some(Colour::White));
        assert_eq!(
            game.moves,
            [
                (Colour::White, Some(v(0, 8))),
                (Colour::Black, None),
                (Colour::White, Some(v(8, 0))),
                (Colour::Black, None),
            ]
        );
        // FF[3] spelling, and nesting deeper than any stack.
        let old = SgfGame::parse("(;SZ[5]AddBlack[aa];Black[bb])").unwrap();
        assert_eq!((old.black.len(), old.moves.len()), (1, 1));
        let deep = format!(
            "(;SZ[5]{}{}",
            "(;B[aa]".repeat(100_000),
            ")".repeat(100_001)
        );
        assert_eq!(SgfGame::parse(&deep).unwrap().moves.len(), 100_000);
    }

    #[test]
    fn refuses_what_it_cannot_replay() {
        let _bound = crate::test_bound::bound();
        for (text, error) in [
            ("no tree", SgfError::Syntax("no game tree '('")),
            (
                "(;SZ[9];B[aa]",
                SgfError::Syntax("the record ends before its ')'"),
            ),
            ("(;SZ[9]C[open", SgfError::Syntax("a value without its ']'")),
            ("(;GM[2])", SgfError::NotGo("2".into())),
            ("(;SZ[19:13])", SgfError::Size("19:13".into())),
            ("(;SZ[53])", SgfError::Size("53".into())),
            ("(;KM[six])", SgfError::Komi("six".into())),
            (
                "(;SZ[9];B[jj])",
                SgfError::Point {
                    property: "B".into(),
                    value: "jj".into(),
                },
            ),
            ("(;SZ[9];B[aa];AB[bb])", SgfError::LateSetup("AB".into())),
            ("(;PL[X])", SgfError::Player("X".into())),
        ] {
            assert_eq!(SgfGame::parse(text), Err(error), "{text}");
        }
    }

    #[test]
    fn writes_what_it_reads() {
        let _bound = crate::test_bound::bound();
        let mut board = Board::new(9);
        board.set_up(&[20, 30], &[40], Colour::White);
        board.play(Colour::White, 0).unwrap();
        board.pass(Colour::Black);
        let text = write(&board, "7.5").unwrap();
        assert!(text.contains("SZ[9]KM[7.5]RU[Tromp-Taylor]AB["), "{text}");
        assert!(!text.contains("\n\n"));
        let game = SgfGame::parse(&text).unwrap();
        assert_eq!(game.black.len() + game.white.len(), 3);
        assert_eq!(game.to_move, Some(Colour::White));
        assert_eq!(
            game.moves,
            [(Colour::White, Some(v(0, 0))), (Colour::Black, None)]
        );
        assert_eq!(write(&Board::new(53), "0"), Err(SgfError::TooLarge(53)));
    }
}
