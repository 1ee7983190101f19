/* The theme's storage helpers (__md_scope, __md_get, __md_set, __md_hash), which its bundle expects as
   globals. The theme writes them as an inline script; ours come from this file so the pages can forbid
   inline scripts (overrides/main.html). Keys are stored under the site's root, found from this file's own
   address: it sits in assets/js/, two levels below the root. */
var __md_scope = new URL("../../", document.currentScript.src);

function __md_hash(text) {
  return Array.from(text).reduce(function (hash, ch) { return (hash << 5) - hash + ch.charCodeAt(0); }, 0);
}

function __md_get(key, storage, scope) {
  var where = (scope || __md_scope).pathname + "." + key;
  return JSON.parse((storage || localStorage).getItem(where));
}

function __md_set(key, value, storage, scope) {
  try {
    (storage || localStorage).setItem((scope || __md_scope).pathname + "." + key, JSON.stringify(value));
  } catch (error) {
    // Storage full or forbidden (private browsing): the choice is simply not remembered.
  }
}
