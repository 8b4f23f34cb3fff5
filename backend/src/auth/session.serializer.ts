import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { User } from './user.entity.js';
import { UsersService } from './users.service.js';

/**
 * The session holds only the user id; the user is re-read on every request (role changes apply at
 * once, and a disabled account's session is refused on every instance: the request is signed out). passport is a process-wide singleton, so a closed app's serializer steps aside ('pass')
 * for the next app in the same process (tests restart the app).
 */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnModuleDestroy {
  private destroyed = false;

  constructor(private readonly users: UsersService) {
    super();
  }

  onModuleDestroy(): void {
    this.destroyed = true;
  }

  serializeUser(user: User, done: (err: unknown, id?: number) => void): void {
    if (this.destroyed) return done('pass');
    done(null, user.id);
  }

  deserializeUser(id: unknown, done: (err: unknown, user?: User | false) => void): void {
    if (this.destroyed) return done('pass');
    if (typeof id !== 'number') return done(null, false);
    this.users.findById(id).then(
      (user) => done(null, user && user.disabled_at === null ? user : false),
      (error) => done(error),
    );
  }
}
