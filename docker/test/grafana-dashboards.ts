import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DOCKER_DIR, readRepoFile } from './deployment-files';

/** A data source reference of a panel, a query or a variable. */
export interface DataSourceRef {
  type: string;
  uid: string;
}

interface Target {
  refId: string;
  datasource: DataSourceRef;
  expr?: string;
  rawSql?: string;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource: DataSourceRef;
  gridPos: { x: number; y: number; w: number; h: number };
  targets: Target[];
}

interface Variable {
  name: string;
  type: string;
  datasource: DataSourceRef;
  query: string;
}

/** The parts of a Grafana dashboard these checks look at. */
export interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Variable[] };
}

/** A query of a dashboard: the PromQL or SQL text and where it comes from. */
export interface DashboardQuery {
  where: string;
  datasource: DataSourceRef;
  text: string;
}

const DASHBOARDS_DIR = join(DOCKER_DIR, 'grafana/dashboards');

/** Every committed dashboard (docker/grafana/dashboards/*.json), by file name. */
export function dashboards(): Array<{ file: string; dashboard: Dashboard }> {
  return readdirSync(DASHBOARDS_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      file,
      dashboard: JSON.parse(readRepoFile(`docker/grafana/dashboards/${file}`)) as Dashboard,
    }));
}

/** Every query of a dashboard: its variables' queries first, then its panels' targets. */
export function queriesOf(dashboard: Dashboard): DashboardQuery[] {
  return [
    ...dashboard.templating.list.map((variable) => ({
      where: `${dashboard.title}: variable ${variable.name}`,
      datasource: variable.datasource,
      text: variable.query,
    })),
    ...dashboard.panels.flatMap((panel) =>
      panel.targets.map((target) => ({
        where: `${dashboard.title}: panel "${panel.title}" ${target.refId}`,
        datasource: target.datasource,
        text: target.expr ?? target.rawSql ?? '',
      })),
    ),
  ];
}

/** The data sources Grafana is given (docker/grafana/provisioning/datasources). */
export function provisionedDataSources(): Array<DataSourceRef & { name: string; url: string }> {
  const file = parse(readRepoFile('docker/grafana/provisioning/datasources/datasources.yaml')) as {
    datasources: Array<DataSourceRef & { name: string; url: string }>;
  };
  return file.datasources;
}

/** The eventcast metric names a PromQL expression reads. */
export function metricNames(expr: string): string[] {
  return [...new Set(expr.match(/\beventcast_[a-z0-9_]+/g) ?? [])];
}
