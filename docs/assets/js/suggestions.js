/* The names a form page suggests for a line it could not read (the validator's unknown cards, the "what can I
   build?" page's unknown cards and short names), as buttons that put the name on that line and answer again.
   One module for both pages (validator.js, build-page.js), so a suggestion works and is undone alike. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.suggestions) return;
  var SIDEBOARD = /^\s*sb:\s*/i;

  // The name a line holds (its count and an `SB:` mark aside), or null for a blank line, a header or a comment.
  // A line without a count is a name as the build page reads it (deckbuildable.js namesOf).
  function lineName(raw) {
    var kind = C.decklist.classify(raw.replace(SIDEBOARD, ""));
    if (kind[0] === "card") return kind[1].name;
    return kind[0] === "error" ? C.decklist.strip(raw.replace(SIDEBOARD, "")).split(/\s+/).join(" ") : null;
  }

  // The line (from 1) that holds `wrong`, the name a suggestion was offered for, in `text` as it is now: the
  // list may have changed since its answer (a line added above it), so its old number `line` is only preferred
  // among the lines that still hold it. Null when none does (the line was fixed or removed meanwhile).
  function findLine(text, line, wrong) {
    var lines = text.split(/\r\n|\r|\n/), found = null;
    if (lines[line - 1] !== undefined && lineName(lines[line - 1]) === wrong) return line;
    lines.some(function (raw, i) { return lineName(raw) === wrong && (found = i + 1); });
    return found;
  }

  // The text with `name` on line `line` (from 1), keeping what the line said besides the name: its count (a
  // bare name stays bare, as the build page reads it) and an `SB:` mark. Null when there is no such line.
  function fixLine(text, line, name) {
    var lines = text.split(/\r\n|\r|\n/), raw = lines[line - 1];
    if (raw === undefined) return null;
    var prefix = SIDEBOARD.test(raw) ? "SB: " : "", kind = C.decklist.classify(raw.replace(SIDEBOARD, ""));
    lines[line - 1] = prefix + (kind[0] === "card" ? kind[1].count + " " : "") + name;
    return lines.join("\n");
  }

  // `pick(line, name, wrong)` when pressed, `wrong`: the name as the line had it; the name is set as text.
  function button(line, name, pick, wrong) {
    var node = document.createElement("button");
    node.type = "button";
    node.className = "cv-suggestion";
    node.title = "Use this name on line " + line;
    node.textContent = name;
    node.addEventListener("click", function () { pick(line, name, wrong); });
    return node;
  }

  // The pressed suggestion went with the answer it was in: the keyboard stays in the new answer, on the next
  // suggestion left, else on its heading (focusable by script only), rather than drop to the page's body.
  function focusAfter(box) {
    var answer = box.querySelector(".cv-result, .cb-result") || box;
    var next = answer.querySelector(".cv-suggestion"), heading = answer.querySelector(".cv-verdict, .cb-verdict");
    if (!next && heading) heading.setAttribute("tabindex", "-1");
    (next || heading || answer).focus();
  }

  // A suggestion taken: one step of the form's history (formstore.js keepForm's `step`), so its "Undo" takes
  // it back as it takes back a clearing; the page answers again, and the status line says the change before
  // the page's own answer. `remember`: what keepForm returned for the page's form, `field`: the list's box,
  // `again(done)`: the page's check, asked for. The answer may be older than the list (typed in since): the
  // line is found by the name it was offered for, and with none left holding it nothing is written over.
  function take(box, field, remember, line, name, wrong, again) {
    var at = findLine(field.value, line, wrong), text = at === null ? null : fixLine(field.value, at, name);
    if (at === null) return stale(box, remember, wrong, again);
    if (text === field.value) return;
    remember.step("use " + name + " on line " + at, function (draft) {
      draft.fields[field.id] = text;
      draft.checked = true;
      return "Line " + at + " now names " + name + ".";
    }, function (message) { say(box, message); });
  }

  // No line holds the name any more: the list is answered again as it is now, and the status line says why.
  function stale(box, remember, wrong, again) {
    remember();
    again(function () {
      say(box, "The list changed since that answer: no line names \u201c" + wrong + "\u201d now, so none was changed.");
    });
  }

  // `message` before what the status line says of the new answer; the keyboard stays in the answer.
  function say(box, message) {
    var status = box.querySelector(".cv-status");
    status.textContent = message + (status.textContent ? " " + status.textContent : "");
    focusAfter(box);
  }

  C.suggestions = { fixLine: fixLine, findLine: findLine, button: button, focusAfter: focusAfter, take: take };
})();
