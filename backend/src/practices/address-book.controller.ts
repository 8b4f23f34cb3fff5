import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ADDRESS_BOOK_MAX } from '@dentalmarket/contracts/practices';
import { AuthenticatedGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { AddressBookService } from './address-book.service.js';
import { PracticeAddressCreateDto, PracticeAddressDto, PracticeAddressIdParamDto, PracticeAddressUpdateDto } from './dto/address.dto.js';

const NOT_A_MANAGER = 'an admin account (practices are for shoppers), an assistant (owners and purchasers keep the address book), or a foreign Origin';
const NO_ADDRESS = "no address with this id in the shopper's practice's book (another practice's answers the same)";
const EXAMPLE = { label: 'Main surgery', full_name: 'Dr. Jane Smith', address: '12 Harbour Street, Suite 4', city: 'Portland', state: 'OR', zip_code: '97201' };

/**
 * The practice's address book (issue 36): ship-to addresses shared by every member, one of them the
 * default the checkout starts with. Owners and purchasers change it; assistants read it.
 */
@ApiTags('practice')
@ApiCookieAuth()
@Controller('practice/addresses')
@UseGuards(AuthenticatedGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
export class AddressBookController {
  constructor(private readonly book: AddressBookService) {}

  @Get()
  @ApiOperation({ summary: `The practice's ship-to addresses (at most ${ADDRESS_BOOK_MAX}), the default first, then by label` })
  @ApiOkResponse({ type: [PracticeAddressDto] })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'an admin account: practices are for shoppers' })
  list(@Req() request: Request): Promise<PracticeAddressDto[]> {
    return this.book.list(request.user as User);
  }

  @Post()
  @ApiOperation({ summary: `Add a ship-to address (owners, purchasers); the first one, or one sent with is_default, becomes the default. At most ${ADDRESS_BOOK_MAX}` })
  @ApiBodyExample(PracticeAddressCreateDto, EXAMPLE)
  @ApiCreatedResponse({ type: PracticeAddressDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is missing or invalid (named in the message)' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_A_MANAGER })
  @ApiConflictResponse({ type: ApiErrorDto, description: `another address has this label, or the book holds ${ADDRESS_BOOK_MAX} addresses already` })
  create(@Req() request: Request, @Body() body: PracticeAddressCreateDto): Promise<PracticeAddressDto> {
    return this.book.create(request.user as User, body);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change an address, or make it the default (owners, purchasers). Orders already placed keep the address they were shipped to' })
  @ApiBodyExample(PracticeAddressUpdateDto, { city: 'Salem', is_default: true })
  @ApiOkResponse({ type: PracticeAddressDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id or a field is invalid (named in the message)' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_A_MANAGER })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_ADDRESS })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'another address has this label, or is_default false on the default (make another the default instead)' })
  update(@Req() request: Request, @Param() params: PracticeAddressIdParamDto, @Body() body: PracticeAddressUpdateDto): Promise<PracticeAddressDto> {
    return this.book.update(request.user as User, params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove an address (owners, purchasers); when it was the default, the oldest remaining address becomes the default' })
  @ApiNoContentResponse({ description: 'removed' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not an address id' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_A_MANAGER })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_ADDRESS })
  async remove(@Req() request: Request, @Param() params: PracticeAddressIdParamDto): Promise<void> {
    await this.book.remove(request.user as User, params.id);
  }
}
