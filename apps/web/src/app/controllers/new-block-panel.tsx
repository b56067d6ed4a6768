import { useState } from 'preact/hooks';
import { typeText } from '@eventcast/block-model';
import { problemsByPath } from '../../services/service-problems';
import { wordedBodyProblems } from '../../common/form-problems';
import { CREATABLE_TYPES } from './type-options';
import { useControllerCall } from './use-controller-call';

/** The keys of the create body as the form names them, for its problems. */
const SUBJECTS = { id: 'A block name', type: 'The block type' };

/**
 * Creates a block of a type from the catalogue, picked by its title with its help beside it, under
 * a name: the controller fills in every field's default, and the block shows through its next patch
 * event. The service's problems show beside the name or the type they are about.
 */
export function NewBlockPanel({ serviceId }: { serviceId: string }) {
  const [id, setId] = useState('');
  const [type, setType] = useState(CREATABLE_TYPES[0].value);
  const [created, setCreated] = useState('');
  const { outcome, run } = useControllerCall(serviceId);
  const problems =
    outcome?.state === 'refused' ? wordedBodyProblems(problemsByPath(outcome.problems, ['id', 'type']), SUBJECTS) : {};

  const submit = (event: Event) => {
    event.preventDefault();
    const name = id;
    run(
      (client) => client.POST('/blocks/create', { body: { id: name, serviceId, type, data: {} } }),
      () => setCreated(name),
    );
  };

  return (
    <details class="panel new-block">
      <summary>New block</summary>
      <form aria-label="New block" onSubmit={submit} noValidate>
        <div class="form-field">
          <label for="new-block-id">Block name</label>
          <input
            id="new-block-id"
            type="text"
            value={id}
            onInput={(event) => setId(event.currentTarget.value)}
            aria-invalid={problems['id'] ? true : undefined}
            aria-describedby={problems['id'] && 'new-block-id-problem'}
          />
          {problems['id'] && (
            <p id="new-block-id-problem" class="problem">
              {problems['id'].join('; ')}
            </p>
          )}
        </div>
        <div class="form-field">
          <label for="new-block-type">Block type</label>
          <select
            id="new-block-type"
            value={type}
            onChange={(event) => setType(event.currentTarget.value)}
            aria-describedby="new-block-type-help"
          >
            {CREATABLE_TYPES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <p id="new-block-type-help" class="hint">
            {typeText(type).help}
          </p>
          {problems['type'] && <p class="problem">{problems['type'].join('; ')}</p>}
        </div>
        {problems[''] && <p class="problem">{problems[''].join('; ')}</p>}
        <div class="form-actions">
          <button type="submit">Create</button>
          <span role="status" class="hint">
            {outcome?.state === 'sending' ? 'Creating…' : outcome?.state === 'done' ? `Created ${created}.` : ''}
          </span>
        </div>
      </form>
    </details>
  );
}
