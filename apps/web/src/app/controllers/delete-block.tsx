import { useState } from 'preact/hooks';
import type { Block } from '@eventcast/domain';
import { useControllerCall } from './use-controller-call';

/**
 * Delete, then a confirmation that says what follows (links to the block are cleared) before the
 * block is deleted; it leaves the page at the controller's patch event.
 */
export function DeleteBlock({ block }: { block: Block }) {
  const [asking, setAsking] = useState(false);
  const { outcome, run } = useControllerCall(block.serviceId);
  if (!asking) {
    return (
      <button type="button" aria-label={`Delete ${block.id}`} onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  return (
    <div role="group" aria-label={`Delete ${block.id}?`} class="confirm">
      <p>Delete {block.id}? Every link to it is cleared.</p>
      <button type="button" onClick={() => run((client) => client.POST('/blocks/delete', { body: { id: block.id } }))}>
        Delete {block.id}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
      {outcome?.state === 'refused' && <p class="problem">{outcome.problems.join('; ')}</p>}
    </div>
  );
}
