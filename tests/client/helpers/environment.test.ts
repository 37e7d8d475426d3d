// The client environment finds a <label for>'s control through the document's index of ids (environment.ts): the
// answers the tests' queries rest on must stay the DOM's, in tree order, whatever the index holds.
afterEach(() => document.body.replaceChildren());

const byId = (id: string) => document.getElementById(id);

test('a label for a unique id names that control, and the control lists the label', () => {
  document.body.innerHTML = '<label for="title">Title</label><p><input id="title"></p><textarea id="body"></textarea>';
  const label = document.querySelector('label')!;
  expect(label.control).toBe(byId('title'));
  expect([...(byId('title') as HTMLInputElement).labels!]).toEqual([label]);
  expect([...(byId('body') as HTMLTextAreaElement).labels!]).toEqual([]);
});

test('with the id twice, the label names the first element in tree order, not the first one added', () => {
  document.body.innerHTML = '<label for="twice">Twice</label><input id="twice" name="added-first">';
  const added = byId('twice')!;
  const earlier = document.createElement('input');
  earlier.id = 'twice';
  document.body.prepend(earlier);
  expect(document.querySelector('label')!.control).toBe(earlier);
  expect((added as HTMLInputElement).labels).toHaveLength(0);
  earlier.remove();
  expect(document.querySelector('label')!.control).toBe(added);
});

test('a label names nothing for an empty, missing or unlabelable id, and follows an id that moves', () => {
  document.body.innerHTML =
    '<label for="">Empty</label><label for="nowhere">Missing</label><label for="div">Div</label><div id="div"></div>' +
    '<label for="later">Later</label><input id="hidden" type="hidden">';
  const [empty, missing, div, later] = [...document.querySelectorAll('label')];
  expect([empty!.control, missing!.control, div!.control, later!.control]).toEqual([null, null, null, null]);
  const input = document.createElement('input');
  input.id = 'later';
  document.body.append(input);
  expect(later!.control).toBe(input);
  input.id = 'elsewhere';
  expect(later!.control).toBeNull();
  (byId('hidden') as HTMLInputElement).id = 'nowhere';
  expect(missing!.control).toBeNull();
});

test('a label without for names its first labelable descendant; one outside the document looks in its own tree', () => {
  document.body.innerHTML = '<label>Name <span><input id="inner"></span><select></select></label>';
  expect(document.querySelector('label')!.control).toBe(byId('inner'));
  const detached = document.createElement('div');
  detached.innerHTML = '<label for="inside">Inside</label><input id="inside">';
  document.body.insertAdjacentHTML('beforeend', '<input id="inside">');
  expect(detached.querySelector('label')!.control).toBe(detached.querySelector('input'));
});
