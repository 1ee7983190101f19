/* Loaded in <head>, before the theme's bundle: the theme asks for its search index (search_index.json, over a
   megabyte at full scale) on every page load. Here that request waits until someone uses search (focuses the
   box, opens it, or arrives from a search result to be highlighted), so reading a page costs nothing extra.
   The theme still sends the request itself: only its start is held back. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var INDEX = /\/search\/search_index\.json(?:[?#]|$)/;
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  var held = [];
  var wanted = false;

  C.wantSearch = function () {
    if (wanted) return;
    wanted = true;
    held.splice(0).forEach(function (release) { release(); });
  };

  XMLHttpRequest.prototype.open = function (method, url) {
    this.coalitionHold = !wanted && INDEX.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var request = this;
    var args = arguments;
    if (request.coalitionHold && !wanted) {
      held.push(function () { send.apply(request, args); });
      return undefined;
    }
    return send.apply(request, args);
  };

  function inSearch(target) {
    return target && target.closest && target.closest(".md-search, [data-md-toggle=search]");
  }

  document.addEventListener("focusin", function (event) { if (inSearch(event.target)) C.wantSearch(); }, true);
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "__search" && event.target.checked) C.wantSearch();
  }, true);
  // A page opened from a search result highlights the words (?h=...): that needs the index.
  if (/[?&]h=/.test(window.location.search)) C.wantSearch();
})();
