//! The syntax of a Hub line: `<command> <name>=<value> <name> …`.
//!
//! As Scan's `hub.cpp` reads it: words are separated by white space; a
//! word (a command, a name, an unquoted value) is any run of characters
//! other than white space, control characters, `=` and `"`; a value is
//! such a word or any text between double quotes (which may be empty or
//! hold spaces and `=`; there is no escape). A name without `=value` is
//! a flag (`go think`, `level infinite`). The same rules write values:
//! one that is not a plain word is quoted.

/// One line read: the command and its arguments in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubLine {
    /// The first word.
    pub command: String,
    /// `(name, value)`; the value is `None` for a flag.
    pub args: Vec<(String, Option<String>)>,
}

impl HubLine {
    /// The value of the first argument called `name`, if it has one.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
    /// True when an argument called `name` is present (flag or not).
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// A `"` with no closing `"`.
    #[error("a quoted value is not closed")]
    Unclosed,
    /// `name=` followed by nothing, or `=` without a name.
    #[error("'=' must join a name and a value (an empty value is two double quotes)")]
    MissingPart,
    /// A quoted text where a name should be.
    #[error("a quoted text must follow 'name='")]
    StrayQuote,
}

/// True for the characters of a word.
fn is_word_char(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
}

/// True when `s` can be written without quotes.
pub fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_word_char)
}

/// Reads a line; `Ok(None)` for a blank one.
///
/// ```
/// use dama::hub::line::parse;
/// let l = parse(r#"pos pos=Wbe moves="32-28 19-23""#).unwrap().unwrap();
/// assert_eq!(l.command, "pos");
/// assert_eq!(l.value("moves"), Some("32-28 19-23"));
/// assert!(parse("go think").unwrap().unwrap().has("think"));
/// assert!(parse(r#"id name="dama"#).is_err());
/// ```
///
/// # Errors
///
/// [`SyntaxError`] for an unclosed quote or a dangling `=`.
pub fn parse(line: &str) -> Result<Option<HubLine>, SyntaxError> {
    let mut rest = line.trim_start();
    let word = |rest: &mut &str| -> String {
        let end = rest.find(|c| !is_word_char(c)).unwrap_or(rest.len());
        let w = rest[..end].to_string();
        *rest = &rest[end..];
        w
    };
    if rest.is_empty() {
        return Ok(None);
    }
    let command = word(&mut rest);
    if command.is_empty() {
        return Err(SyntaxError::MissingPart);
    }
    let mut args = Vec::new();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let name = word(&mut rest);
        if name.is_empty() {
            // A `=` or `"` where a name should be.
            return Err(if rest.starts_with('"') {
                SyntaxError::StrayQuote
            } else {
                SyntaxError::MissingPart
            });
        }
        rest = rest.trim_start();
        let value = if let Some(after) = rest.strip_prefix('=') {
            rest = after.trim_start();
            if let Some(quoted) = rest.strip_prefix('"') {
                let end = quoted.find('"').ok_or(SyntaxError::Unclosed)?;
                let v = quoted[..end].to_string();
                rest = &quoted[end + 1..];
                Some(v)
            } else {
                let v = word(&mut rest);
                if v.is_empty() {
                    return Err(SyntaxError::MissingPart);
                }
                Some(v)
            }
        } else {
            None
        };
        args.push((name, value));
    }
    Ok(Some(HubLine { command, args }))
}

/// ` name=value`, the value quoted unless it is a plain word (a `"` in
/// it, which the syntax cannot carry, becomes `'`).
pub fn pair(name: &str, value: &str) -> String {
    if is_word(value) {
        format!(" {name}={value}")
    } else {
        format!(" {name}=\"{}\"", value.replace('"', "'"))
    }
}

/// `error message="…"`.
pub fn error(message: &str) -> String {
    format!("error{}", pair("message", message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(l: &str) -> Vec<(String, Option<String>)> {
        parse(l).unwrap().unwrap().args
    }

    #[test]
    fn words_flags_and_quotes() {
        assert_eq!(parse("   ").unwrap(), None);
        assert_eq!(
            args(r#"level  moves=9 time = 291.5  infinite"#),
            vec![
                ("moves".to_string(), Some("9".to_string())),
                ("time".to_string(), Some("291.5".to_string())),
                ("infinite".to_string(), None),
            ]
        );
        assert_eq!(
            args(r#"x a="" b="p = q""#),
            vec![
                ("a".to_string(), Some(String::new())),
                ("b".to_string(), Some("p = q".to_string())),
            ]
        );
        assert_eq!(parse("x a=").unwrap_err(), SyntaxError::MissingPart);
        assert_eq!(parse("x =b").unwrap_err(), SyntaxError::MissingPart);
        assert_eq!(parse("=").unwrap_err(), SyntaxError::MissingPart);
        assert_eq!(parse(r#"x a="b"#).unwrap_err(), SyntaxError::Unclosed);
        assert_eq!(parse(r#"x "b""#).unwrap_err(), SyntaxError::StrayQuote);
    }

    #[test]
    fn values_are_quoted_when_needed() {
        assert_eq!(pair("name", "dama"), " name=dama");
        assert_eq!(
            pair("author", "the dama authors"),
            r#" author="the dama authors""#
        );
        assert_eq!(pair("v", ""), r#" v="""#);
        assert_eq!(error(r#"bad "x""#), r#"error message="bad 'x'""#);
    }
}
