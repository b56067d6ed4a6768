import { actionOrigin } from './apply-action';

describe(actionOrigin.name, () => {
  it("names the quick action, as the controller's change events and the graphs' annotations will say", () => {
    expect(actionOrigin('Cold crash')).toBe('quick action Cold crash');
  });

  it('keeps a long or multi-line name within what the controller takes', () => {
    expect(actionOrigin('Cold\ncrash')).toBe('quick action Cold crash');
    expect(actionOrigin('x'.repeat(300))).toHaveLength(120);
  });
});
