Intl.DateTimeFormat().format();
globalThis.postMessage(0);
globalThis.close();
