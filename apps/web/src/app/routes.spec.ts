import { controllerPath } from './controllers/controller-routes';
import { dashboardPath } from './dashboards/dashboard-routes';
import { routeOf } from './routes';
import { quickStartPath } from './wizards/quick-start-routes';

describe(routeOf.name, () => {
  it.each([
    ['/', { page: 'history' }],
    ['/somewhere/else', { page: 'history' }],
    ['/controllers', { page: 'controllers' }],
    ['/controllers/', { page: 'controllers' }],
    ['/controllers/fermenter', { page: 'blocks', serviceId: 'fermenter' }],
    ['/controllers/%E0%A4%A', { page: 'controllers' }],
    ['/controllers/fermenter/quick-start', { page: 'quick-start', serviceId: 'fermenter' }],
    ['/controllers/fermenter/quick-start/', { page: 'quick-start', serviceId: 'fermenter' }],
    ['/controllers/fermenter/else', { page: 'history' }],
    ['/datastore', { page: 'datastore' }],
    ['/datastore/', { page: 'datastore' }],
    ['/datastore/else', { page: 'history' }],
    ['/brews', { page: 'brews' }],
    ['/alerts', { page: 'incidents' }],
    ['/alerts/', { page: 'incidents' }],
    ['/alerts/rules', { page: 'rules' }],
    ['/alerts/profiles', { page: 'profiles' }],
    ['/alerts/else', { page: 'history' }],
    ['/brews/', { page: 'brews' }],
    ['/dashboards', { page: 'dashboards' }],
    ['/dashboards/', { page: 'dashboards' }],
    ['/dashboards/dashboard-Fridge-1', { page: 'dashboard', id: 'dashboard-Fridge-1', kiosk: false }],
    ['/dashboards/%E0%A4%A', { page: 'dashboards' }],
    ['/dashboards/a/b', { page: 'history' }],
  ])('shows %s as %j', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });

  it('shows a dashboard as a kiosk when the query says `kiosk`', () => {
    expect(routeOf('/dashboards/d1', '?kiosk')).toEqual({ page: 'dashboard', id: 'd1', kiosk: true });
    expect(routeOf('/dashboards/d1', '?kiosk=1&x=2')).toEqual({ page: 'dashboard', id: 'd1', kiosk: true });
    expect(routeOf('/dashboards/d1', '?other')).toEqual({ page: 'dashboard', id: 'd1', kiosk: false });
  });

  it("reads back the path of a controller's page", () => {
    expect(routeOf(controllerPath('cellar-2'))).toEqual({ page: 'blocks', serviceId: 'cellar-2' });
  });

  it("reads back the path of a controller's quick start", () => {
    expect(routeOf(quickStartPath('cellar 2'))).toEqual({ page: 'quick-start', serviceId: 'cellar 2' });
  });

  it("reads back the path of a dashboard's page, as a kiosk too", () => {
    const [pathname, search] = dashboardPath('Fridge 1/2', true).split('?');
    expect(routeOf(pathname, `?${search}`)).toEqual({ page: 'dashboard', id: 'Fridge 1/2', kiosk: true });
    expect(routeOf(dashboardPath('Fridge 1/2'))).toEqual({ page: 'dashboard', id: 'Fridge 1/2', kiosk: false });
  });
});
