import { createAutomationClient, createControllerClient, createDatastoreClient, createHistoryClient } from '../index';

/** A fetch that records each request and answers it with `answer` as JSON. */
function recordingFetch(answer: unknown) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, requests };
}

describe('service clients', () => {
  it('send datastore calls below /history/datastore of the base URL and return the typed answer', async () => {
    const doc = { namespace: 'svc-global', id: 'units', temperature: 'degC' };
    const { fetch, requests } = recordingFetch({ value: doc });
    const client = createDatastoreClient('http://datastore:5002/', { fetch });

    const { data } = await client.POST('/get', { body: { namespace: 'svc-global', id: 'units' } });

    expect(data?.value).toEqual(doc);
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url).toBe('http://datastore:5002/history/datastore/get');
    expect(await requests[0].json()).toEqual({ namespace: 'svc-global', id: 'units' });
  });

  it('send history calls below /history, the datastore routes included', async () => {
    const { fetch, requests } = recordingFetch({ ping: 'pong' });
    const client = createHistoryClient('http://proxy', { fetch });

    await client.GET('/timeseries/ping');
    await client.GET('/datastore/ping');

    expect(requests.map((request) => request.url)).toEqual([
      'http://proxy/history/timeseries/ping',
      'http://proxy/history/datastore/ping',
    ]);
  });

  it('send the API token as a bearer token with every call, beside the headers they were given', async () => {
    const { fetch, requests } = recordingFetch({ ping: 'pong' });
    const client = createHistoryClient('http://proxy', {
      fetch,
      token: 'a-token-of-16-chars',
      headers: { 'x-trace': '7' },
    });

    await client.GET('/timeseries/ping');

    expect(requests[0].headers.get('authorization')).toBe('Bearer a-token-of-16-chars');
    expect(requests[0].headers.get('x-trace')).toBe('7');
  });

  it('send no authorization header without a token', async () => {
    const { fetch, requests } = recordingFetch({ ping: 'pong' });
    await createHistoryClient('http://proxy', { fetch }).GET('/timeseries/ping');
    expect(requests[0].headers.get('authorization')).toBeNull();
  });

  it('send controller calls below the service id, controller-1 unless told otherwise', async () => {
    const { fetch, requests } = recordingFetch([]);

    await createControllerClient('http://localhost:5000', undefined, { fetch }).POST('/blocks/all/read');
    await createControllerClient('http://localhost:5000', 'brewery-2', { fetch }).POST('/blocks/all/read');

    expect(requests.map((request) => request.url)).toEqual([
      'http://localhost:5000/controller-1/blocks/all/read',
      'http://localhost:5000/brewery-2/blocks/all/read',
    ]);
  });

  it('send automation calls below /automation of the base URL, with the API token', async () => {
    const { fetch, requests } = recordingFetch({ ping: 'pong' });
    const client = createAutomationClient('http://localhost:5003/', { fetch, token: 'a-token-of-16-chars' });

    const { data } = await client.GET('/ping');

    expect(data).toEqual({ ping: 'pong' });
    expect(requests[0].url).toBe('http://localhost:5003/automation/ping');
    expect(requests[0].headers.get('authorization')).toBe('Bearer a-token-of-16-chars');
  });
});
