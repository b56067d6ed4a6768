import { controllerPath } from './controllers/controller-routes';
import { routeOf } from './routes';

describe(routeOf.name, () => {
  it.each([
    ['/', { page: 'history' }],
    ['/somewhere/else', { page: 'history' }],
    ['/controllers', { page: 'controllers' }],
    ['/controllers/', { page: 'controllers' }],
    ['/controllers/fermenter', { page: 'blocks', serviceId: 'fermenter' }],
    ['/controllers/%E0%A4%A', { page: 'controllers' }],
    ['/datastore', { page: 'datastore' }],
    ['/datastore/', { page: 'datastore' }],
    ['/datastore/else', { page: 'history' }],
  ])('shows %s as %j', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });

  it("reads back the path of a controller's page", () => {
    expect(routeOf(controllerPath('cellar-2'))).toEqual({ page: 'blocks', serviceId: 'cellar-2' });
  });
});
