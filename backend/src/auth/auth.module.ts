import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AdminSessionController } from './admin.controller.js';
import { AuthController } from './auth.controller.js';
import { AdminGuard, AuthenticatedGuard } from './guards.js';
import { LoginThrottle } from './login-throttle.service.js';
import { SessionSerializer } from './session.serializer.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController, AdminSessionController],
  providers: [UsersService, SessionSerializer, LoginThrottle, AuthenticatedGuard, AdminGuard],
  exports: [UsersService, AuthenticatedGuard, AdminGuard, LoginThrottle],
})
export class AuthModule {}
