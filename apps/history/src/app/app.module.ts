import { PingController } from '@eventcast/bootstrap';
import { DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { HistoryConfig } from '../config/history.config';

@Module({ controllers: [PingController] })
class TimeseriesModule {}

@Module({})
export class AppModule {
  static forRoot(config: HistoryConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TimeseriesModule,
        RouterModule.register([{ path: 'timeseries', module: TimeseriesModule }]),
      ],
      providers: [{ provide: HistoryConfig, useValue: config }],
      exports: [HistoryConfig],
    };
  }
}
