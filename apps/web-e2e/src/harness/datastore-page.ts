import { Locator, Page } from '@playwright/test';

/** The datastore page's parts, found as a user finds them: by their roles and names. */
export function datastorePage(page: Page) {
  const tree = page.getByRole('navigation', { name: 'Namespaces' });
  const documents = page.getByRole('region', { name: /^Documents/ });
  const editor = page.getByRole('region', { name: /^(New document|Document )/ });
  const documentList = documents.getByRole('list', { name: 'Documents' });
  return {
    tree,
    /** The button of `namespace` in the tree; its name says how many documents it holds. */
    namespace: (namespace: string, count?: number): Locator =>
      tree.getByRole('button', namespaceButton(namespace, count)),
    /** The item of `namespace` in the tree, with the namespaces nested below it. */
    namespaceItem: (namespace: string): Locator =>
      tree.getByRole('listitem').filter({ has: page.getByRole('button', namespaceButton(namespace)) }),
    documents,
    /** The button that opens document `id` of the shown namespace. */
    document: (id: string): Locator => documentList.getByRole('button', { name: id, exact: true }),
    /** The start of document `id`'s fields, as the list shows them. */
    preview: (id: string): Locator =>
      documentList
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: id, exact: true }) })
        .locator('code'),
    editor,
    /** The problem the editor shows beside `input` (`Namespace`, `Id`, `Fields (JSON)`), read through its description. */
    problemBeside: async (input: string): Promise<string> => {
      const field = editor.getByLabel(input, { exact: true });
      const describedBy = await field.getAttribute('aria-describedby');
      if (!describedBy) return '';
      return (await page.locator(`[id="${describedBy}"]`).textContent()) ?? '';
    },
    live: page.getByRole('status').filter({ hasText: /^Live$/ }),
  };
}

/** How the tree's button of `namespace` is named: the namespace and its count of documents. */
function namespaceButton(namespace: string, count?: number): { name: string | RegExp; exact: true } {
  const name =
    count === undefined
      ? new RegExp(`^${namespace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, \\d+ documents?$`)
      : `${namespace}, ${count} document${count === 1 ? '' : 's'}`;
  return { name, exact: true };
}
