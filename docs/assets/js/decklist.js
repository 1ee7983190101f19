/* Coalition deck lists in the browser: the twin of generator/decklist.py (same limits, same messages).
   Reads Moxfield, Arena, MTGO and plain "4 Name" lists; a bad line is reported with its number and the
   rest is still read. tests/decks/ runs against both, so change them together. Nothing leaves the page. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.decklist) return;

  // Limits that keep hostile input cheap: a real list is a few kilobytes and under a hundred lines.
  var LIMITS = {
    MAX_INPUT_CHARS: 200000, MAX_LINES: 2000, MAX_LINE_LENGTH: 300, MAX_COUNT: 9999,
    SUGGESTED_NAMES: 20, SUGGESTIONS: 3, MIN_SIMILARITY: 0.45
  };

  var HEADER = /^(deck|main|maindeck|main deck|mainboard|main board|sideboard|side board|side|sb|commanders?|companion|leader|coalition leader|maybeboard|maybe board|maybe|considering|tokens|about)\s*:?\s*(?:\([0-9]+\))?$/i;
  var SECTION_OF_HEADER = {
    "commander": "commander", "commanders": "commander", "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
    "main board": "main", "about": "about", "maybeboard": "skip", "maybe board": "skip", "maybe": "skip",
    "considering": "skip", "tokens": "skip"
  };
  var COMMENT = /^(?:\/\/|#)\s*([\s\S]*)$/;
  var TYPE_LINE = /^(?:(?:\/\/|#)\s*)?coalition[ _-]?type\s*[:=]\s*([\s\S]*)$/i;
  var COUNTED = /^([0-9]+)\s*[xX×]?\s+(\S[\s\S]*)$/;
  var NEGATIVE = /^[-−–]\s*[0-9]/;
  var DECIMAL = /^[0-9]+[.,][0-9]+\s/;
  var SB_PREFIX = /^sb:\s*/i;
  var FINISH_MARKS = /(?:\s+\*[A-Za-z]{1,4}\*)+$/;
  var SET_AND_NUMBER = /^([\s\S]*?\S)\s+[(\[]([A-Za-z0-9]{2,8})[)\]](?:\s+([^\s()\[\]]{1,12}))?$/;
  // Control characters, undecodable bytes and stray byte order marks: Python and JavaScript agree on what
  // whitespace is once these are gone.
  var CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff\ufffd]/;
  var CONTROL_ALL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\ufeff\ufffd]/g;
  // An MTGO .dek file: XML whose card elements carry their fields as attributes, read with patterns as
  // generator/decklist.py reads it (no XML parser: no entity of the file is ever expanded).
  // XML's whitespace and ASCII name characters are spelled out, as Python's \s, \w and \b reach further; an
  // element stops at the next "<" (none is allowed inside an attribute), so unclosed ones are not rescanned.
  var DEK_START = /^[ \t\r\n]*<(?:\?xml|Deck)(?=[ \t\r\n?\/>])/;
  var DEK_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;   // one left open runs to the end
  var DEK_CARD = /<Cards(?=[\x20\t\r\n\/>])([^<>]*)>/g;
  var DEK_ATTRIBUTE = /(?:^|[ \t\r\n])([A-Za-z_][A-Za-z0-9_.:-]*)[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)')/g;
  var XML_SPACE = /[ \t\r\n]/g;
  var XML_ENTITY = /&(?:#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})|(amp|lt|gt|quot|apos));/g;
  var XML_NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

  // What Python's str.strip() takes off (JavaScript's \s lacks \x1c-\x1f and \x85 and adds \ufeff).
  var ENDS = /^[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
  function strip(text) { return text.replace(ENDS, ""); }
  function words(text) { return strip(text).split(/\s+/).filter(Boolean).join(" "); }

  // Lengths in code points, as Python counts them.
  function cpLength(text) {
    var pairs = 0;
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        var next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) { pairs++; i++; }
      }
    }
    return text.length - pairs;
  }

  function snippet(text) {
    var points = Array.from(text);
    var shown = points.slice(0, 60).join("").replace(CONTROL_ALL, "\ufffd");
    return shown + (points.length > 60 ? "…" : "");
  }

  function headerSection(text) {
    var match = HEADER.exec(text);
    if (!match) return null;
    var key = match[1].toLowerCase().replace(/\s+/g, " ");
    return Object.prototype.hasOwnProperty.call(SECTION_OF_HEADER, key) ? SECTION_OF_HEADER[key] : "side";
  }

  function parseCard(text) {
    var section = null;
    if (SB_PREFIX.test(text)) { text = text.replace(SB_PREFIX, ""); section = "side"; }
    var match = COUNTED.exec(text);
    if (!match) {
      if (NEGATIVE.test(text)) return { error: "a count cannot be negative" };
      if (DECIMAL.test(text)) return { error: "a count must be a whole number" };
      return { error: 'expected "COUNT NAME", for example "4 Goblin Guide"' };
    }
    var digits = match[1], rest = match[2];
    if (digits.length > String(LIMITS.MAX_COUNT).length || parseInt(digits, 10) > LIMITS.MAX_COUNT) {
      return { error: "the count " + digits.slice(0, 12) + (digits.length > 12 ? "…" : "") +
        " is too large (at most " + LIMITS.MAX_COUNT + ")" };
    }
    if (parseInt(digits, 10) === 0) return { error: "a count must be at least 1" };
    rest = rest.replace(FINISH_MARKS, "");
    var setCode = null, number = null;
    var located = SET_AND_NUMBER.exec(rest);
    if (located) { rest = located[1]; setCode = located[2]; number = located[3] === undefined ? null : located[3]; }
    return { fields: { count: parseInt(digits, 10), name: words(rest), set_code: setCode, number: number, section: section } };
  }

  function classify(raw) {
    if (cpLength(raw) > LIMITS.MAX_LINE_LENGTH) {
      return ["error", "the line is " + cpLength(raw) + " characters long (at most " + LIMITS.MAX_LINE_LENGTH + ")"];
    }
    if (CONTROL.test(raw)) return ["error", "the line holds control characters or bytes that are not text"];
    var text = strip(raw);
    if (!text) return ["blank", null];
    var declared = TYPE_LINE.exec(text);
    if (declared) {
      var value = words(declared[1]);
      return value ? ["type", value] : ["error", "the coalition type is missing after the colon"];
    }
    var comment = COMMENT.exec(text);
    var section = headerSection(comment ? comment[1] : text);
    if (section) return ["header", section];
    if (comment) return ["comment", null];
    var card = parseCard(text);
    return card.fields ? ["card", card.fields] : ["error", card.error];
  }

  function parse(text) {
    var result = { entries: [], errors: [], notes: [], declared_type: null, fatal: null, mtgo_sideboard: false };
    var length = cpLength(text);
    if (length > LIMITS.MAX_INPUT_CHARS) {
      result.fatal = "The list is " + length + " characters long; a deck list may be at most " + LIMITS.MAX_INPUT_CHARS + ".";
      return result;
    }
    if (text.indexOf("\x00") !== -1) {
      result.fatal = "The input holds NUL bytes: it looks like a binary file, not a deck list.";
      return result;
    }
    if (text.charAt(0) === "\ufeff") text = text.slice(1);
    var dek = DEK_START.test(text) ? dekLines(text) : null;
    var lines = dek || text.split(/\r\n|\r|\n/);
    if (lines.length > LIMITS.MAX_LINES) {
      result.fatal = "The list has " + lines.length + " lines; a deck list may have at most " + LIMITS.MAX_LINES + ".";
      return result;
    }
    readLines(lines, result);
    if (dek) {
      result.mtgo_sideboard = result.entries.some(function (e) { return e.section === "side"; });
      result.notes.push("Read as an MTGO .dek file: line numbers count its " + dek.length + " <Cards> entries.");
    }
    if (!result.entries.length) result.fatal = noCardsMessage(result.errors);
    return result;
  }

  // An attribute's text with XML's character references read ("&amp;", "&#39;"); any other "&" stays.
  function xmlText(value) {
    return value.replace(XML_ENTITY, function (all, decimal, hex, named) {
      if (named) return XML_NAMED[named];
      var code = decimal ? parseInt(decimal, 10) : parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
    });
  }

  // An MTGO .dek file as card lines, one a <Cards> element in the file's order ("SB: " before a sideboard
  // card), comments left out; null when the text has no <Cards> element (it is then read as text, and says
  // why not). An element without a quantity or a name stays a line, its own text, so it is reported as bad.
  function dekLines(text) {
    var lines = [], element, attribute;
    var bare = text.replace(DEK_COMMENT, "");
    DEK_CARD.lastIndex = 0;
    while ((element = DEK_CARD.exec(bare)) !== null) {
      // A tab, CR or LF in a value is a space (as XML reads a typed one; one written as a reference too: a
      // card line is one line), and the value is trimmed of them.
      var fields = Object.create(null);   // an attribute named __proto__ is one more field
      DEK_ATTRIBUTE.lastIndex = 0;
      while ((attribute = DEK_ATTRIBUTE.exec(element[1])) !== null) {
        var value = attribute[2] !== undefined ? attribute[2] : attribute[3];
        fields[attribute[1].toLowerCase()] = xmlText(value).replace(XML_SPACE, " ").replace(/^ +| +$/g, "");
      }
      if (!fields.quantity || !fields.name) { lines.push(element[0].replace(XML_SPACE, " ")); continue; }
      var side = (fields.sideboard || "").toLowerCase() === "true";
      lines.push((side ? "SB: " : "") + fields.quantity + " " + fields.name);
    }
    return lines.length ? lines : null;
  }

  // generator/decklist.py's no_cards_message: the first bad line, else how a card line looks. The build
  // page (coalition-deckrules.js) reads "No card lines found" as "a list of bare names": keep that start.
  function noCardsMessage(errors) {
    if (!errors.length) return 'No card lines found: write one card per line as COUNT NAME, for example "4 Goblin Guide".';
    var more = errors.length - 1;
    var rest = more ? " (and " + more + " more bad line" + (more === 1 ? "" : "s") + ")" : "";
    return "No card lines found: line " + errors[0].line + ": " + errors[0].message + rest + ".";
  }

  function readLines(lines, result) {
    var classified = lines.map(classify);
    var kinds = {};
    var marked = false;   // an `SB:` line
    var section = "main";
    classified.forEach(function (pair, i) {
      var kind = pair[0], value = pair[1], number = i + 1;
      kinds[kind] = true;
      if (kind === "header") {
        section = value;
      } else if (kind === "type") {
        if (result.declared_type === null) result.declared_type = value;
        else result.errors.push({ line: number, message: "a second coalition type line (the first one counts)",
          text: snippet(strip(lines[i])) });
      } else if (section === "about" || section === "skip" || kind === "blank" || kind === "comment") {
        return;
      } else if (kind === "error") {
        result.errors.push({ line: number, message: value, text: snippet(strip(lines[i])) });
      } else {
        if (value.section) marked = true;
        var placed = value.section || section;
        result.entries.push({ line: number, count: value.count, name: value.name,
          section: placed === "commander" ? "side" : placed, set_code: value.set_code, number: value.number,
          commander: placed === "commander" });
      }
    });
    // A header, a comment or an `SB:` line says where the sideboard is: only a list with none is guessed at.
    if (!kinds.header && !kinds.comment && !marked) mtgoSideboard(classified, result);
  }

  // With no headers, comments or `SB:` lines (an MTGO .txt file), the cards after the last blank line that
  // has cards on both sides of it are the sideboard.
  function mtgoSideboard(classified, result) {
    var splitAfter = null, pending = null, seenCard = false;
    classified.forEach(function (pair, i) {
      if (pair[0] === "card") {
        if (pending !== null) splitAfter = pending;
        seenCard = true;
        pending = null;
      } else if (pair[0] === "blank" && seenCard && pending === null) {
        pending = i + 1;
      }
    });
    if (splitAfter === null) return;
    var side = result.entries.filter(function (e) { return e.line > splitAfter; });
    if (!side.length) return;
    var cards = 0;
    side.forEach(function (e) { e.section = "side"; cards += e.count; });
    result.mtgo_sideboard = true;
    result.notes.push("No Sideboard header: the " + cards + (cards === 1 ? " card" : " cards") + " after the blank line " +
      splitAfter + (cards === 1 ? " is" : " are") + " read as the sideboard, as in an MTGO list.");
  }

  // One matcher for every tool: names.js (the twin of generator/names.py) compares and suggests names.
  function nameKey(name) { return C.names.key(name); }

  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function CardIndex(cards) { return new C.names.CardIndex(cards); }

  C.decklist = {
    LIMITS: LIMITS, parse: parse, classify: classify, parseCard: parseCard, nameKey: nameKey,
    CardIndex: CardIndex, snippet: snippet, strip: strip, compare: compare, cpLength: cpLength
  };
})();
