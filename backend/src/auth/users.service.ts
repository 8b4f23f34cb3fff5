import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import type { EntityManager } from 'typeorm';
import type { PracticeRole, UserRole } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import { Practice } from '../practices/practice.entity.js';
import { User } from './user.entity.js';

export interface NewUser {
  username: string;
  email: string;
  full_name?: string | null;
  password: string;
  role: UserRole;
  /**
   * A customer's practice (issue 36): an existing one with a role (an invitation's), or the name of a
   * new one the customer owns; by default a new one named after the person. Admins have none.
   */
  practice?: { id: number; role: PracticeRole } | { name: string };
}

/** A one-person practice's default name: the person's full name, else their username (as the migration named them). */
export function practiceNameFor(user: { username: string; full_name?: string | null }): string {
  return user.full_name?.trim() || user.username;
}

let memoryCost = 65_536;

/** The memory of new hashes (PASSWORD_HASH_MEMORY_KIB), set once from the config as the app starts. */
export function setPasswordHashMemory(kib: number): void {
  memoryCost = kib;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost });
}

/** Creates a user with an argon2id hash, through the given manager (e.g. a transaction's). */
export async function insertUser(manager: EntityManager, user: NewUser): Promise<User> {
  let practice: { id: number; role: PracticeRole } | null = null;
  if (user.role === 'customer') {
    if (user.practice && 'id' in user.practice) practice = user.practice;
    else {
      const name = (user.practice && 'name' in user.practice && user.practice.name.trim()) || practiceNameFor(user);
      practice = { id: (await manager.save(manager.create(Practice, { name }))).id, role: 'owner' };
    }
  }
  const entity = manager.create(User, {
    username: user.username,
    email: user.email,
    full_name: user.full_name ?? null,
    role: user.role,
    password: await hashPassword(user.password),
    practice_id: practice?.id ?? null,
    practice_role: practice?.role ?? null,
  });
  return manager.save(entity);
}

@Injectable()
export class UsersService {
  /** Verified against when the username is unknown, so both failures take the same time. */
  private readonly dummyHash = hashPassword('not-a-real-password');

  constructor(private readonly transactions: Transactions) {}

  findById(id: number): Promise<User | null> {
    return this.transactions.repository(User).findOneBy({ id });
  }

  /** The user whose username and password match, or null. */
  async verifyCredentials(username: string, password: string): Promise<User | null> {
    // case-insensitive, on the unique index over lower(username)
    const user = await this.transactions
      .repository(User)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
    const hash = user?.password ?? (await this.dummyHash);
    const ok = await argon2.verify(hash, password).catch(() => false);
    return user && ok ? user : null;
  }

  /** Public registration: always a customer. A taken username or email is a 409 (unique violation). */
  registerCustomer(input: Omit<NewUser, 'role'>): Promise<User> {
    // the practice and its owner together, or neither (a taken username leaves no practice behind)
    return this.transactions.run((manager) => insertUser(manager, { ...input, role: 'customer' }));
  }
}
