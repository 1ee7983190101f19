/* The names a form page suggests for a line it could not read (the validator's unknown cards, the "what can I
   build?" page's unknown cards and short names), as buttons that put the name on that line and answer again.
   One module for both pages (validator.js, build-page.js), so a suggestion works and is undone alike. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.suggestions) return;
  var SIDEBOARD = /^\s*sb:\s*/i;

  // The text with `name` on line `line` (from 1), keeping what the line said besides the name: its count (a
  // bare name stays bare, as the build page reads it) and an `SB:` mark. Null when there is no such line.
  function fixLine(text, line, name) {
    var lines = text.split(/\r\n|\r|\n/), raw = lines[line - 1];
    if (raw === undefined) return null;
    var prefix = SIDEBOARD.test(raw) ? "SB: " : "", kind = C.decklist.classify(raw.replace(SIDEBOARD, ""));
    lines[line - 1] = prefix + (kind[0] === "card" ? kind[1].count + " " : "") + name;
    return lines.join("\n");
  }

  // `pick(line, name)` when pressed; the name is set as text.
  function button(line, name, pick) {
    var node = document.createElement("button");
    node.type = "button";
    node.className = "cv-suggestion";
    node.title = "Use this name on line " + line;
    node.textContent = name;
    node.addEventListener("click", function () { pick(line, name); });
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
  // the page's own answer. `remember`: what keepForm returned for the page's form, `field`: the list's box.
  function take(box, field, remember, line, name) {
    var text = fixLine(field.value, line, name);
    if (text === null || text === field.value) return;
    remember.step("use " + name + " on line " + line, function (draft) {
      draft.fields[field.id] = text;
      draft.checked = true;
      return "Line " + line + " now names " + name + ".";
    }, function (message) {
      var status = box.querySelector(".cv-status");
      status.textContent = message + (status.textContent ? " " + status.textContent : "");
      focusAfter(box);
    });
  }

  C.suggestions = { fixLine: fixLine, button: button, focusAfter: focusAfter, take: take };
})();
