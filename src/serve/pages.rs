//! The page and its files, embedded in the binary, and the pages of
//! text: the rules of each game and the licence.

use crate::variant::Variant;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

/// The app's page.
pub const INDEX: &str = include_str!("assets/index.html");
/// The app's script.
pub const APP_JS: &str = include_str!("assets/app.js");
/// The app's style sheet.
pub const STYLE_CSS: &str = include_str!("assets/style.css");
/// The icon: a king.
pub const FAVICON: &str = include_str!("assets/favicon.svg");

const RULES_INDEX: &str = include_str!("assets/rules/index.html");
const LICENCE: &str = include_str!("assets/licence.html");
const HELP: &str = include_str!("assets/help.html");

/// An HTML response that is never cached stale (the binary may change).
pub fn html(body: &'static str) -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], Html(body)).into_response()
}

/// A file of the page.
pub fn asset(mime: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// A text page: a fragment in the site's frame.
fn framed(title: &str, fragment: &str) -> Response {
    let page = format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · dama</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/style.css">
</head>
<body class="text-page">
<header class="top"><a class="brand" href="/">dama</a>
<nav><a href="/">Play</a> <a href="/help">Help</a> <a href="/rules">Rules</a> <a href="/licence">Licence</a></nav></header>
<main class="prose">
{fragment}
</main>
</body>
</html>
"#
    );
    ([(header::CACHE_CONTROL, "no-cache")], Html(page)).into_response()
}

/// The list of the games' rules.
pub fn rules_index() -> Response {
    framed("Rules", RULES_INDEX)
}

/// The rules of one game.
pub fn rules(game: &str) -> Response {
    match game.parse::<Variant>() {
        Ok(v) => framed(v.title(), v.rules_html()),
        Err(_) => (
            StatusCode::NOT_FOUND,
            framed(
                "Not found",
                "<h1>No such game</h1><p>See <a href=\"/rules\">the list of games</a>.</p>",
            ),
        )
            .into_response(),
    }
}

/// How to play in the app.
pub fn help() -> Response {
    framed("Help", HELP)
}

/// The licence page.
pub fn licence() -> Response {
    framed("Licence", LICENCE)
}

/// A missing page.
pub fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        framed(
            "Not found",
            "<h1>Not found</h1><p><a href=\"/\">Back to the game</a></p>",
        ),
    )
        .into_response()
}

/// The games the engine plays, for the page's choice: name and title.
pub fn games() -> Response {
    let list: Vec<serde_json::Value> = Variant::ALL
        .iter()
        .map(|v| serde_json::json!({ "name": v.name(), "title": v.title() }))
        .collect();
    (
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::Value::Array(list).to_string(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_rules() {
        for v in Variant::ALL {
            assert!(v.rules_html().contains(v.title()), "{v}");
        }
    }
}
