/* The form pages' fields kept in this browser (the deck validator and "what can I build?": validator.js,
   build-page.js, suggestions.js): Coalition.play.keepForm(box, run) keeps a page's fields and whether it was
   checked in a play/store.js store of its own key, each tab its own workspace, with an undoable "Clear the
   list" and the page's own undoable steps (`step`, a suggestion taken). Apart from play/store.js, which every
   table page loads, so that the trackers do not carry it; it needs play/store.js loaded first. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.play.keepForm) return;

  // A form page (the deck validator, "what can I build?", validator.js): its fields and whether it was checked
  // stay in this tab across a reload (play/store.js ownTabs), under the page's own key (each format's
  // validator and the build page apart). `run` answers the form again; the returned function records a check.
  // "Clear the list" empties the fields as one undoable step; the undo button under the form takes it back.
  function keepForm(box, run) {
    var fields = Array.prototype.slice.call(box.querySelectorAll("form textarea, form input[type=text], form select"));
    var key = "coalition-form:" + window.location.pathname;
    var saved = C.play.store(key, function () { return { fields: {}, checked: false }; }, true);
    var undo = box.querySelector(".cv-undo"), clearButton = box.querySelector(".cv-clear"), stepDone = null;
    // A field never typed in (or cleared) shows what the page wrote in it: a choice keeps its default option.
    function initial(field) {
      if (field.tagName !== "SELECT") return field.defaultValue;
      var chosen = Array.prototype.filter.call(field.options, function (option) { return option.defaultSelected; })[0];
      return (chosen || field.options[0] || { value: "" }).value;
    }
    function fill() {
      fields.forEach(function (field) {
        var kept = saved.state.fields[field.id];
        field.value = kept === undefined ? initial(field) : kept;
      });
      var last = saved.lastLabel();
      undo.hidden = !last;
      undo.textContent = last ? "Undo: " + last : "";
    }
    box.addEventListener("input", function (event) {
      if (fields.indexOf(event.target) < 0) return;
      saved.state.fields[event.target.id] = event.target.value;
      saved.save();
    });
    clearButton.addEventListener("click", function () {
      saved.act("clear the list", function (draft) {
        if (!Object.keys(draft.fields).some(function (id) { return draft.fields[id]; }) && !draft.checked) return false;
        draft.fields = {}; draft.checked = false;
        return "The list is cleared.";
      });
    });
    undo.addEventListener("click", function () { saved.undo(); });
    // An undone clearing checks the list again; the check's own status ("Checking…", then nothing) would wipe
    // the message, so it is said again once the answer is in, with the answer's verdict.
    saved.listeners.push(function (message) {
      fill();
      var status = box.querySelector(".cv-status"), then = stepDone;
      status.textContent = message;
      if (!saved.state.checked) { box.querySelector(".cv-result, .cb-result").hidden = true; return; }
      run(function () {
        if (then) return then(message);     // a page's own step says its change itself (suggestions.js)
        var verdict = box.querySelector(".cv-result .cv-verdict");
        status.textContent = message + (verdict ? (/[.!?]$/.test(message) ? " " : ". ") + verdict.textContent + "." : "");
      });
    });
    fill();
    if (saved.state.checked && fields.some(function (field) { return field.value; })) run();
    function checked() {
      fields.forEach(function (field) { saved.state.fields[field.id] = field.value; });
      saved.state.checked = true;
      saved.save();
    }
    // A change of the page's own (a suggestion taken), undone as clearing is; `done(message)` once answered.
    checked.step = function (label, change, done) { stepDone = done; saved.act(label, change); stepDone = null; };
    return checked;
  }

  C.play.keepForm = keepForm;
})();
