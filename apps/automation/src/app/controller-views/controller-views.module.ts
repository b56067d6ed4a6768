import { Module } from '@nestjs/common';
import { ControllerViews } from './controller-views';

/** The controllers as their state and patch events show them, shared by the rules and the profiles. */
@Module({
  providers: [ControllerViews],
  exports: [ControllerViews],
})
export class ControllerViewsModule {}
