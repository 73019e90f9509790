//! One input line of KataGo's analysis protocol read into a typed request: an action
//! (`query_version`, `clear_cache`, `terminate`, ...) or a query, its positions set up
//! and checked, with the errors and warnings KataGo would send for it.

use crate::go::board::{move_limit, Board};
use crate::go::engine::avoid::Avoid;
use crate::go::engine::tree::Move;
use crate::go::gtp::vertex::parse_move;
use crate::go::{Colour, Points};
use serde_json::{json, Map, Value};
use std::sync::Arc;
use std::time::Duration;

/// The komi of a query that gives none, as KataGo's for area scoring.
const DEFAULT_KOMI: &str = "7.5";

/// The largest komi taken either way, as KataGo's bound.
const MAX_KOMI: f64 = 400.0;

/// How many moves of a variation are reported after its first, unless the query says.
const DEFAULT_PV_LEN: usize = 15;

/// The fields of a query that KataGo knows: the others draw a warning.
const KNOWN_FIELDS: [&str; 29] = [
    "id",
    "action",
    "moves",
    "initialStones",
    "initialPlayer",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "boardXSize",
    "boardYSize",
    "analyzeTurns",
    "maxVisits",
    "rootPolicyTemperature",
    "rootFpuReductionMax",
    "analysisPVLen",
    "includeOwnership",
    "includeOwnershipStdev",
    "includeMovesOwnership",
    "includeMovesOwnershipStdev",
    "includePolicy",
    "includePVVisits",
    "includeNoResultValue",
    "avoidMoves",
    "allowMoves",
    "overrideSettings",
    "reportDuringSearchEvery",
    "firstReportDuringSearchAfter",
    "priority",
    "priorities",
];

/// What a line asks for.
#[derive(Debug)]
pub(super) enum Request {
    /// Positions to analyse, one job per turn.
    Query(Query),
    /// `terminate` (only `id`, and `turns` when given) or `terminate_all` (`id` `None`).
    Terminate {
        /// The echo to send back.
        echo: Value,
        /// The query id whose jobs end; every query's when `None`.
        id: Option<String>,
        /// Only these turns, when given.
        turns: Option<Vec<usize>>,
    },
    /// An action answered at once with this line (`query_version`, `clear_cache`,
    /// `query_models`).
    Echo(Value),
}

/// A query: what to analyse and how to report it.
#[derive(Debug)]
pub(super) struct Query {
    /// The query's id, echoed on every answer.
    pub id: String,
    /// The positions: for each turn analysed, its number, the board then, the side to
    /// move and the job's priority.
    pub turns: Vec<Turn>,
    /// What every turn shares.
    pub shared: Arc<Shared>,
    /// Warnings to send before the answers (`{"id", "field", "warning"}`).
    pub warnings: Vec<Value>,
}

/// One position of a query.
#[derive(Debug)]
pub(super) struct Turn {
    /// Its number: how many of the query's moves were played.
    pub number: usize,
    /// The board at that turn.
    pub board: Board,
    /// The side to move there.
    pub colour: Colour,
    /// Higher first.
    pub priority: i64,
}

/// Whose point of view the numbers are written from (KataGo's
/// `reportAnalysisWinratesAs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Perspective {
    /// Black's (KataGo's example configuration, which KaTrain also forces).
    Black,
    /// White's.
    White,
    /// The side to move's.
    SideToMove,
}

/// What every turn of a query shares.
#[derive(Debug)]
pub(super) struct Shared {
    pub komi: Points,
    /// The visits asked for (`maxVisits`), when given.
    pub max_visits: Option<u64>,
    /// `overrideSettings.maxTime`.
    pub max_time: Option<Duration>,
    pub ownership: bool,
    pub policy: bool,
    pub pv_visits: bool,
    /// Moves of a variation after its first.
    pub pv_len: usize,
    /// `reportDuringSearchEvery`.
    pub report_every: Option<Duration>,
    pub perspective: Perspective,
    /// `avoidMoves` and `allowMoves` as the engine applies them.
    pub avoid: Option<Arc<Avoid>>,
}

/// A query refused: KataGo's `{"id", "field", "error"}`, or `{"error"}` when the line
/// has no id.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Refusal {
    pub id: Option<String>,
    pub field: Option<String>,
    pub message: String,
}

impl Refusal {
    /// The answer line's object.
    pub fn to_json(&self) -> Value {
        let mut object = Map::new();
        if let Some(id) = &self.id {
            object.insert("id".into(), json!(id));
        }
        if let Some(field) = &self.field {
            object.insert("field".into(), json!(field));
        }
        object.insert("error".into(), json!(self.message));
        Value::Object(object)
    }
}

/// Reads one line.
pub(super) fn parse(line: &str) -> Result<Request, Refusal> {
    let anonymous = |message: String| Refusal {
        id: None,
        field: None,
        message,
    };
    let value: Value = serde_json::from_str(line).map_err(|error| {
        anonymous(format!(
            "{error} - could not parse input line as json request: {line}"
        ))
    })?;
    let Value::Object(input) = value else {
        return Err(anonymous(format!(
            "Request line was valid json but was not an object, ignoring: {value}"
        )));
    };
    let Some(id) = input.get("id").and_then(Value::as_str).map(str::to_string) else {
        return Err(anonymous("Request must have a string \"id\" field".into()));
    };
    let reader = Reader {
        id: &id,
        input: &input,
    };
    match input.get("action") {
        None => reader.query().map(Request::Query),
        Some(action) => reader.action(action),
    }
}

/// A query's fields, read with KataGo's errors.
struct Reader<'a> {
    id: &'a str,
    input: &'a Map<String, Value>,
}

impl Reader<'_> {
    /// A refusal of `field`.
    fn refuse(&self, field: &str, message: impl Into<String>) -> Refusal {
        Refusal {
            id: Some(self.id.to_string()),
            field: Some(field.to_string()),
            message: message.into(),
        }
    }

    /// `field` as an integer from `min` to `max`, when present.
    fn integer(&self, field: &str, min: i64, max: i64) -> Result<Option<i64>, Refusal> {
        let Some(value) = self.input.get(field) else {
            return Ok(None);
        };
        match value.as_i64() {
            Some(number) if (min..=max).contains(&number) => Ok(Some(number)),
            _ => Err(self.refuse(field, format!("Must be an integer from {min} to {max}"))),
        }
    }

    /// `field` as a boolean, false when absent.
    fn flag(&self, field: &str) -> Result<bool, Refusal> {
        match self.input.get(field) {
            None => Ok(false),
            Some(Value::Bool(flag)) => Ok(*flag),
            Some(_) => Err(self.refuse(field, "Must be a boolean")),
        }
    }

    /// An action line.
    fn action(&self, action: &Value) -> Result<Request, Refusal> {
        let echo = Value::Object(self.input.clone());
        match action.as_str() {
            Some("query_version") => {
                let mut answer = self.input.clone();
                answer.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
                answer.insert("git_hash".into(), json!("<omitted>"));
                Ok(Request::Echo(Value::Object(answer)))
            }
            Some("query_models") => {
                let mut answer = self.input.clone();
                answer.insert("models".into(), json!([]));
                Ok(Request::Echo(Value::Object(answer)))
            }
            Some("clear_cache") => Ok(Request::Echo(echo)),
            Some("terminate") => {
                let Some(target) = self.input.get("terminateId").and_then(Value::as_str) else {
                    return Err(self.refuse(
                        "terminateId",
                        "Requests for a terminate action must have a string \"terminateId\" field",
                    ));
                };
                Ok(Request::Terminate {
                    echo,
                    id: Some(target.to_string()),
                    turns: self.turn_numbers()?,
                })
            }
            Some("terminate_all") => Ok(Request::Terminate {
                echo,
                id: None,
                turns: self.turn_numbers()?,
            }),
            _ => Err(Refusal {
                id: None,
                field: None,
                message: "'action' field must be 'query_version' or 'query_models' or \
                          'clear_cache' or 'terminate' or 'terminate_all'"
                    .into(),
            }),
        }
    }

    /// A terminate action's `turnNumbers`, when given.
    fn turn_numbers(&self) -> Result<Option<Vec<usize>>, Refusal> {
        let Some(value) = self.input.get("turnNumbers") else {
            return Ok(None);
        };
        let refuse = || {
            self.refuse(
                "turnNumbers",
                "If provided, must be an array of integers indicating turns to terminate",
            )
        };
        let numbers = value.as_array().ok_or_else(refuse)?;
        numbers
            .iter()
            .map(|number| number.as_u64().map(|n| n as usize).ok_or_else(refuse))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// An analysis query.
    fn query(&self) -> Result<Query, Refusal> {
        let size = self.size()?;
        let mut warnings = Vec::new();
        self.rules(&mut warnings)?;
        for field in self.input.keys() {
            if !KNOWN_FIELDS.contains(&field.as_str()) {
                warnings
                    .push(self.warning(field, "Unexpected or unused field, do you have a typo?"));
            }
        }
        let komi = self.komi()?;
        let board = Board::new(size);
        let moves = self.moves("moves", &board, true)?.ok_or_else(|| {
            self.refuse("moves", "Must specify an array of [player,location] pairs")
        })?;
        if moves.len() > move_limit(size) {
            return Err(self.refuse(
                "moves",
                format!("More than {} moves on this board", move_limit(size)),
            ));
        }
        let stones = self
            .moves("initialStones", &board, false)?
            .unwrap_or_default();
        let first = match self.input.get("initialPlayer") {
            Some(value) => colour(value)
                .ok_or_else(|| self.refuse("initialPlayer", "Must be \"b\" or \"w\""))?,
            None => moves.first().map_or(Colour::Black, |&(colour, _)| colour),
        };
        let turns = self.analyze_turns(moves.len())?;
        let priorities = self.priorities(turns.len())?;
        let boards = self.replay(size, &stones, first, &moves, &turns)?;
        let shared = Shared {
            komi,
            max_visits: self
                .integer("maxVisits", 1, i64::MAX)?
                .map(|visits| visits as u64),
            max_time: self.settings_time()?,
            ownership: self.flag("includeOwnership")?,
            policy: self.flag("includePolicy")?,
            pv_visits: self.flag("includePVVisits")?,
            pv_len: self
                .integer("analysisPVLen", 0, 1000)?
                .map_or(DEFAULT_PV_LEN, |len| len as usize),
            report_every: self.seconds("reportDuringSearchEvery")?,
            perspective: self.perspective()?,
            avoid: self.avoid(&board)?,
        };
        self.flag("includeOwnershipStdev")?;
        self.flag("includeMovesOwnership")?;
        self.flag("includeMovesOwnershipStdev")?;
        self.flag("includeNoResultValue")?;
        Ok(Query {
            id: self.id.to_string(),
            turns: boards
                .into_iter()
                .zip(turns)
                .zip(priorities)
                .map(|((board, number), priority)| Turn {
                    colour: board.to_move(),
                    board,
                    number,
                    priority,
                })
                .collect(),
            shared: Arc::new(shared),
            warnings,
        })
    }

    /// A warning about `field`.
    fn warning(&self, field: &str, message: &str) -> Value {
        json!({"id": self.id, "field": field, "warning": message})
    }

    /// `boardXSize` and `boardYSize`: equal, a size the board takes.
    fn size(&self) -> Result<usize, Refusal> {
        let message = "Must provide an integer from 1 to 255";
        let mut sizes = [0; 2];
        for (slot, field) in sizes.iter_mut().zip(["boardXSize", "boardYSize"]) {
            *slot = self
                .integer(field, 1, 255)
                .map_err(|_| self.refuse(field, message))?
                .ok_or_else(|| self.refuse(field, message))? as usize;
        }
        if sizes[0] != sizes[1] {
            return Err(self.refuse(
                "boardYSize",
                "gamebot plays square boards only: boardYSize must equal boardXSize",
            ));
        }
        Ok(sizes[0])
    }

    /// `rules`: required, a string or an object; anything but Tromp-Taylor draws a
    /// warning, since gamebot scores by Tromp-Taylor whatever is asked.
    fn rules(&self, warnings: &mut Vec<Value>) -> Result<(), Refusal> {
        let refuse = || {
            self.refuse(
                "rules",
                "Must specify rules string, such as \"chinese\" or \"tromp-taylor\", or a \
                 JSON object with detailed rules parameters.",
            )
        };
        let tromp_taylor = match self.input.get("rules").ok_or_else(refuse)? {
            Value::String(name) => {
                let plain: String = name
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect::<String>()
                    .to_ascii_lowercase();
                plain == "tromptaylor"
            }
            Value::Object(_) => false,
            _ => return Err(refuse()),
        };
        if !tromp_taylor {
            warnings.push(self.warning(
                "rules",
                "gamebot plays and scores by Tromp-Taylor rules (area scoring, positional \
                 superko, suicide allowed) whatever the rules asked for",
            ));
        }
        Ok(())
    }

    /// `komi`, exact, from -400 to 400; 7.5 when absent.
    fn komi(&self) -> Result<Points, Refusal> {
        let Some(value) = self.input.get("komi") else {
            return Ok(Points::parse(DEFAULT_KOMI).expect("a komi"));
        };
        let refuse = || self.refuse("komi", "Must be a number from -400 to 400");
        let number = value.as_f64().ok_or_else(refuse)?;
        if !(-MAX_KOMI..=MAX_KOMI).contains(&number) {
            return Err(refuse());
        }
        Points::parse(&value.to_string()).map_err(|_| refuse())
    }

    /// `field` as `[player, vertex]` pairs on `board` (passes too when `passes`), when
    /// present.
    fn moves(
        &self,
        field: &str,
        board: &Board,
        passes: bool,
    ) -> Result<Option<Vec<(Colour, Move)>>, Refusal> {
        let Some(value) = self.input.get(field) else {
            return Ok(None);
        };
        let shape = || {
            self.refuse(
                field,
                "Must be an array of pairs of the form: [\"b\" or \"w\", GTP board vertex]",
            )
        };
        let pairs = value.as_array().ok_or_else(shape)?;
        pairs
            .iter()
            .map(|pair| {
                let [who, vertex] = pair.as_array().map(Vec::as_slice).ok_or_else(shape)? else {
                    return Err(shape());
                };
                let who = colour(who)
                    .ok_or_else(|| self.refuse(field, format!("Could not parse player: {who}")))?;
                let text = vertex.as_str().ok_or_else(shape)?;
                let mv = location(board, text)
                    .filter(|mv| passes || mv.is_some())
                    .ok_or_else(|| {
                        self.refuse(field, format!("Could not parse board location: {text}"))
                    })?;
                Ok((who, mv))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// `analyzeTurns`: turn numbers from 0 to `moves`; the last turn when absent.
    fn analyze_turns(&self, moves: usize) -> Result<Vec<usize>, Refusal> {
        let Some(value) = self.input.get("analyzeTurns") else {
            return Ok(vec![moves]);
        };
        let numbers = value.as_array().ok_or_else(|| {
            self.refuse(
                "analyzeTurns",
                "Must specify an array of integers indicating turns to analyze",
            )
        })?;
        numbers
            .iter()
            .map(|number| {
                number
                    .as_u64()
                    .map(|n| n as usize)
                    .filter(|&n| n <= moves)
                    .ok_or_else(|| {
                        self.refuse("analyzeTurns", format!("Invalid turn number: {number}"))
                    })
            })
            .collect()
    }

    /// `priority`, or `priorities` (one per turn): 0 when absent.
    fn priorities(&self, turns: usize) -> Result<Vec<i64>, Refusal> {
        let one = self.integer("priority", i64::from(i32::MIN), i64::from(i32::MAX))?;
        let Some(value) = self.input.get("priorities") else {
            return Ok(vec![one.unwrap_or(0); turns]);
        };
        if one.is_some() {
            return Err(self.refuse("priority", "Cannot specify both priority and priorities"));
        }
        if !self.input.contains_key("analyzeTurns") {
            return Err(self.refuse(
                "priorities",
                "Can only specify when also specifying analyzeTurns",
            ));
        }
        let refuse = || {
            self.refuse(
                "priorities",
                "Must specify an array of integers indicating priorities",
            )
        };
        let list = value.as_array().ok_or_else(refuse)?;
        if list.len() != turns {
            return Err(self.refuse("priorities", "Must be of matching length to analyzeTurns"));
        }
        list.iter()
            .map(|priority| priority.as_i64().ok_or_else(refuse))
            .collect()
    }

    /// The boards of `turns`: the stones set up, `first` to move, then `moves` played
    /// by the rules (a move that breaks them refuses the query).
    fn replay(
        &self,
        size: usize,
        stones: &[(Colour, Move)],
        first: Colour,
        moves: &[(Colour, Move)],
        turns: &[usize],
    ) -> Result<Vec<Board>, Refusal> {
        let mut board = Board::new(size);
        let of = |wanted: Colour| -> Vec<usize> {
            stones
                .iter()
                .filter(|(colour, _)| *colour == wanted)
                .filter_map(|&(_, mv)| mv)
                .collect()
        };
        board.set_up(&of(Colour::Black), &of(Colour::White), first);
        let mut positions = vec![board.clone()];
        for (number, &(colour, mv)) in moves.iter().enumerate() {
            match mv {
                None => board.pass(colour),
                Some(point) => {
                    if board.play(colour, point).is_err() {
                        let vertex = crate::go::gtp::vertex::name(board.vertex(point));
                        return Err(
                            self.refuse("moves", format!("Illegal move {number}: {vertex}"))
                        );
                    }
                }
            }
            positions.push(board.clone());
        }
        Ok(turns.iter().map(|&turn| positions[turn].clone()).collect())
    }

    /// `field`, a number of seconds above 0, when present.
    fn seconds(&self, field: &str) -> Result<Option<Duration>, Refusal> {
        let Some(value) = self.input.get(field) else {
            return Ok(None);
        };
        match value.as_f64() {
            Some(seconds) if seconds > 0.0 && seconds <= 86_400.0 => {
                Ok(Some(Duration::from_secs_f64(seconds)))
            }
            _ => Err(self.refuse(field, "Must be a number of seconds above 0, at most 86400")),
        }
    }

    /// `overrideSettings`, when present: an object.
    fn settings(&self) -> Result<Option<&Map<String, Value>>, Refusal> {
        match self.input.get("overrideSettings") {
            None => Ok(None),
            Some(Value::Object(settings)) => Ok(Some(settings)),
            Some(_) => Err(self.refuse("overrideSettings", "Must be an object")),
        }
    }

    /// `overrideSettings.maxTime`: seconds above 0 (a negative or zero value, as
    /// KataGo takes it: no limit).
    fn settings_time(&self) -> Result<Option<Duration>, Refusal> {
        let Some(value) = self
            .settings()?
            .and_then(|settings| settings.get("maxTime"))
        else {
            return Ok(None);
        };
        match value.as_f64() {
            Some(seconds) if seconds <= 0.0 => Ok(None),
            Some(seconds) if seconds <= 86_400.0 => Ok(Some(Duration::from_secs_f64(seconds))),
            _ => Err(self.refuse(
                "overrideSettings",
                "Could not set settings: maxTime must be a number of seconds, at most 86400",
            )),
        }
    }

    /// `overrideSettings.reportAnalysisWinratesAs`: Black's point of view when absent.
    fn perspective(&self) -> Result<Perspective, Refusal> {
        let Some(value) = self
            .settings()?
            .and_then(|settings| settings.get("reportAnalysisWinratesAs"))
        else {
            return Ok(Perspective::Black);
        };
        match value.as_str().map(str::to_ascii_uppercase).as_deref() {
            Some("BLACK") => Ok(Perspective::Black),
            Some("WHITE") => Ok(Perspective::White),
            Some("SIDETOMOVE") => Ok(Perspective::SideToMove),
            _ => Err(self.refuse(
                "overrideSettings",
                "Could not set settings: reportAnalysisWinratesAs must be BLACK, WHITE or \
                 SIDETOMOVE",
            )),
        }
    }

    /// `avoidMoves` and `allowMoves` as the engine's table.
    fn avoid(&self, board: &Board) -> Result<Option<Arc<Avoid>>, Refusal> {
        let avoid = self.input.get("avoidMoves");
        let allow = self.input.get("allowMoves");
        if avoid.is_none() && allow.is_none() {
            return Ok(None);
        }
        if avoid.is_some() && allow.is_some() {
            return Err(self.refuse(
                "allowMoves",
                "Cannot specify both allowMoves and avoidMoves",
            ));
        }
        let (field, list) = match (avoid, allow) {
            (Some(list), _) => ("avoidMoves", list),
            (None, Some(list)) => ("allowMoves", list),
            (None, None) => return Ok(None),
        };
        let shape = || {
            self.refuse(
                field,
                "Must be a list of dicts with subfields 'player', 'moves', 'untilDepth'",
            )
        };
        let mut table = Avoid::new(board.size() * board.size());
        let mut allowed = [false; 2];
        for entry in list.as_array().ok_or_else(shape)? {
            let player = entry.get("player").and_then(colour).ok_or_else(shape)?;
            let depth = entry
                .get("untilDepth")
                .and_then(Value::as_u64)
                .filter(|&depth| depth >= 1)
                .and_then(|depth| u32::try_from(depth).ok())
                .ok_or_else(shape)?;
            let moves = entry
                .get("moves")
                .and_then(Value::as_array)
                .ok_or_else(shape)?
                .iter()
                .map(|mv| {
                    mv.as_str()
                        .and_then(|text| location(board, text))
                        .ok_or_else(|| {
                            self.refuse(field, format!("Could not parse board location: {mv}"))
                        })
                })
                .collect::<Result<Vec<Move>, _>>()?;
            if field == "allowMoves" {
                if std::mem::replace(&mut allowed[player.index()], true) {
                    return Err(self.refuse(
                        field,
                        "Cannot specify allowMoves more than once for the same player",
                    ));
                }
                table.allow_only(player, &moves, depth);
            } else {
                for mv in moves {
                    table.avoid(player, mv, depth);
                }
            }
        }
        Ok(Some(Arc::new(table)))
    }
}

/// A player: `B`, `W`, `black` or `white`, any case.
fn colour(value: &Value) -> Option<Colour> {
    match value.as_str()?.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Colour::Black),
        "w" | "white" => Some(Colour::White),
        _ => None,
    }
}

/// A GTP vertex on `board`, or `pass`.
fn location(board: &Board, text: &str) -> Option<Move> {
    match parse_move(text)? {
        None => Some(None),
        Some(vertex) => board.point(vertex).map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(line: &str) -> Refusal {
        parse(line).expect_err(line)
    }

    fn query(line: &str) -> Query {
        match parse(line) {
            Ok(Request::Query(query)) => query,
            other => panic!("{line}: {other:?}"),
        }
    }

    const BASE: &str = r#""id":"q","rules":"tromp-taylor","boardXSize":5,"boardYSize":5"#;

    #[test]
    fn a_query_sets_up_each_turn_asked_for() {
        let _bound = crate::test_bound::bound();
        let q = query(&format!(
            r#"{{{BASE},"moves":[["B","C3"],["W","pass"],["b","B2"]],"analyzeTurns":[0,1,3],"initialStones":[["W","A1"]],"komi":0.5}}"#
        ));
        assert_eq!(
            q.turns.iter().map(|t| t.number).collect::<Vec<_>>(),
            [0, 1, 3]
        );
        assert_eq!(q.turns[0].colour, Colour::Black);
        assert_eq!(q.turns[0].board.get(0), Some(Colour::White));
        assert_eq!(q.turns[1].colour, Colour::White);
        assert_eq!(q.turns[2].colour, Colour::White);
        assert_eq!(q.turns[2].board.stone_count(), 3);
        assert_eq!(q.shared.komi, Points::parse("0.5").unwrap());
        assert_eq!(q.shared.perspective, Perspective::Black);
        assert!(q.warnings.is_empty());
        // The last turn by default; the first player from the first move.
        let q = query(&format!(r#"{{{BASE},"moves":[["W","C3"]]}}"#));
        assert_eq!(q.turns.len(), 1);
        assert_eq!(q.turns[0].number, 1);
        assert_eq!(q.turns[0].colour, Colour::Black);
    }

    #[test]
    fn bad_queries_are_refused_as_katago_refuses_them() {
        let _bound = crate::test_bound::bound();
        assert_eq!(refusal("{").id, None);
        assert_eq!(refusal("[1]").id, None);
        assert_eq!(
            refusal(r#"{"moves":[]}"#).message,
            "Request must have a string \"id\" field"
        );
        let field = |line: String| refusal(&line).field.unwrap();
        assert_eq!(field(format!(r#"{{{BASE}}}"#)), "moves");
        assert_eq!(
            field(format!(r#"{{{BASE},"moves":[["B","Z9"]]}}"#)),
            "moves"
        );
        assert_eq!(
            field(format!(r#"{{{BASE},"moves":[["X","C3"]]}}"#)),
            "moves"
        );
        let illegal = refusal(&format!(r#"{{{BASE},"moves":[["B","C3"],["W","C3"]]}}"#));
        assert_eq!(illegal.message, "Illegal move 1: C3");
        assert_eq!(
            field(format!(r#"{{{BASE},"moves":[],"analyzeTurns":[1]}}"#)),
            "analyzeTurns"
        );
        assert_eq!(
            field(
                r#"{"id":"q","rules":"chinese","boardXSize":5,"boardYSize":7,"moves":[]}"#.into()
            ),
            "boardYSize"
        );
        assert_eq!(
            field(format!(r#"{{{BASE},"moves":[],"komi":500}}"#)),
            "komi"
        );
        assert_eq!(
            field(r#"{"id":"q","boardXSize":5,"boardYSize":5,"moves":[]}"#.into()),
            "rules"
        );
        assert_eq!(
            field(format!(r#"{{{BASE},"moves":[],"includeOwnership":1}}"#)),
            "includeOwnership"
        );
        assert_eq!(
            field(format!(
                r#"{{{BASE},"moves":[],"overrideSettings":{{"reportAnalysisWinratesAs":"X"}}}}"#
            )),
            "overrideSettings"
        );
        assert_eq!(
            field(format!(
                r#"{{{BASE},"moves":[],"avoidMoves":[{{"player":"B","moves":["C3"]}}]}}"#
            )),
            "avoidMoves"
        );
        assert_eq!(
            field(r#"{"id":"t","action":"terminate"}"#.into()),
            "terminateId"
        );
        assert_eq!(refusal(r#"{"id":"t","action":"dance"}"#).field, None);
    }

    #[test]
    fn other_rules_and_unknown_fields_draw_warnings() {
        let _bound = crate::test_bound::bound();
        let q = query(
            r#"{"id":"q","rules":"japanese","boardXSize":5,"boardYSize":5,"moves":[],"colour":1}"#,
        );
        let fields: Vec<&str> = q
            .warnings
            .iter()
            .map(|w| w["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["rules", "colour"]);
    }

    #[test]
    fn avoid_moves_and_settings_are_read() {
        let _bound = crate::test_bound::bound();
        let q = query(&format!(
            r#"{{{BASE},"moves":[],"maxVisits":7,"includePolicy":true,"avoidMoves":[{{"player":"B","moves":["C3","pass"],"untilDepth":2}}],"overrideSettings":{{"reportAnalysisWinratesAs":"SIDETOMOVE","maxTime":1.5,"wideRootNoise":0.04}}}}"#
        ));
        let shared = &q.shared;
        assert_eq!(shared.max_visits, Some(7));
        assert!(shared.policy && !shared.ownership);
        assert_eq!(shared.perspective, Perspective::SideToMove);
        assert_eq!(shared.max_time, Some(Duration::from_millis(1500)));
        let avoid = shared.avoid.as_ref().unwrap();
        assert!(avoid.keeps_out(Colour::Black, Some(12), 1));
        assert!(avoid.keeps_out(Colour::Black, None, 0));
        assert!(!avoid.keeps_out(Colour::White, Some(12), 0));
    }

    #[test]
    fn actions_are_echoed() {
        let _bound = crate::test_bound::bound();
        match parse(r#"{"id":"v","action":"query_version"}"#) {
            Ok(Request::Echo(answer)) => {
                assert_eq!(answer["id"], "v");
                assert_eq!(answer["version"], env!("CARGO_PKG_VERSION"));
            }
            other => panic!("{other:?}"),
        }
        match parse(r#"{"id":"t","action":"terminate","terminateId":"q","turnNumbers":[2]}"#) {
            Ok(Request::Terminate { id, turns, .. }) => {
                assert_eq!(id.as_deref(), Some("q"));
                assert_eq!(turns, Some(vec![2]));
            }
            other => panic!("{other:?}"),
        }
    }
}
