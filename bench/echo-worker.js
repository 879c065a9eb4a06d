// The startup benchmark's floor: a module worker that answers the first message and nothing else.
self.onmessage = () => self.postMessage('ready');
