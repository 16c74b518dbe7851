// fairdraw organiser page: a few lines of plain JavaScript, no libraries.
// 1. Results from the keyboard (issue 7 item 2): in a board's result field, "1", "=" or "0"
//    fill in 1-0, ½-½ or 0-1 and move to the next board; Enter saves the round. Typing a
//    result in full ("1/2", "1-0", "0.5") still works: its second key returns to the board.
// 2. Forms with data-confirm ask before doing something that removes data.
// 3. A form is sent once per page: a second click while the server is still working (a
//    double click, or an impatient one during a long pairing) is dropped. The server's
//    duplicate checks see only requests that arrive one after the other; two at the same
//    instant could both pass them (an event made twice).
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "=": "1/2-1/2", "0": "0-1", "½": "1/2-1/2" };

  function nextField(current) {
    var fields = Array.prototype.slice.call(document.querySelectorAll("input.result"));
    var index = fields.indexOf(current);
    return index >= 0 && index + 1 < fields.length ? fields[index + 1] : document.getElementById("save");
  }

  // The board a shortcut just filled, and the key typed there: "1" then "/" (or "-", ".")
  // means the organiser is typing "1/2" or "1-0" in full, so the second key goes back to
  // that board and carries on there instead of starting the next board with a forfeit.
  var advancedFrom = null;
  var CONTINUATIONS = { "/": true, "-": true, ".": true };

  document.addEventListener("keydown", function (event) {
    var field = event.target;
    var from = advancedFrom;
    advancedFrom = null;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // after the last board the focus is on the save button: continue there too
    // The next board may hold a result already (a correction): the focus selected all of it,
    // and the key still belongs to the board just left, whose neighbour keeps its result.
    var untouched = field.value === "" || field.id === "save" ||
      (field instanceof HTMLInputElement && field.selectionStart === 0 && field.selectionEnd === field.value.length);
    if (from && CONTINUATIONS[event.key] && nextField(from.field) === field && untouched) {
      event.preventDefault();
      from.field.value = from.key + event.key;
      from.field.focus();
      from.field.setSelectionRange(from.field.value.length, from.field.value.length);
      return;
    }
    if (!(field instanceof HTMLInputElement) || !field.classList.contains("result")) return;
    var wholeSelected = field.selectionStart === 0 && field.selectionEnd === field.value.length;
    if (KEYS[event.key] && (field.value === "" || wholeSelected)) {
      event.preventDefault();
      field.value = KEYS[event.key];
      advancedFrom = { field: field, key: event.key };
      var next = nextField(field);
      if (next) next.focus();
    }
  });

  function selectIfEntry(field) {
    if (field instanceof HTMLInputElement && (field.classList.contains("result") || field.classList.contains("score"))) {
      field.select();
    }
  }

  document.addEventListener("focusin", function (event) { selectIfEntry(event.target); });
  // the page's autofocus may have placed the cursor before this script listened: a shortcut
  // typed there must replace the board's result, not be inserted before it
  selectIfEntry(document.activeElement);

  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  });

  // after the confirmation above: a form the organiser declined was not sent, so it is not
  // marked. Every form here answers with a new page (POST/redirect/GET; downloads are links),
  // so the mark lasts until the page is left; a page brought back by the Back button is live
  // again.
  document.addEventListener("submit", function (event) {
    if (event.defaultPrevented) return;
    var form = event.target;
    if (form.hasAttribute("data-sent")) {
      event.preventDefault();
      return;
    }
    form.setAttribute("data-sent", "");
  });
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    Array.prototype.forEach.call(document.querySelectorAll("form[data-sent]"), function (form) {
      form.removeAttribute("data-sent");
    });
  });
})();
