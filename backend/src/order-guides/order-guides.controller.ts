import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
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
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ORDER_GUIDE_LIMITS } from '@dentalmarket/contracts/order-guides';
import { AuthenticatedGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import {
  OrderGuideCartResponseDto,
  OrderGuideCreateDto,
  OrderGuideDto,
  OrderGuideIdParamDto,
  OrderGuideLineInputDto,
  OrderGuideLineParamDto,
  OrderGuideLineUpdateDto,
  OrderGuideListResponseDto,
  OrderGuidePageQueryDto,
  OrderGuideUpdateDto,
} from './dto/order-guide.dto.js';
import { OrderGuidesService } from './order-guides.service.js';

const NOT_A_SHOPPER = 'an admin account (order guides are for practices), or a foreign Origin';
const NO_GUIDE = "no order guide with this id in the shopper's practice (another practice's answers the same)";
const NO_LINE = "no such order guide in the shopper's practice, or no such line on it";
const L = ORDER_GUIDE_LIMITS;

/**
 * The practice's order guides (issue 36): named lists of products with default quantities, shared
 * by every member of the practice, whatever their role. Another practice's guides answer 404.
 */
@ApiTags('order guides')
@ApiCookieAuth()
@Controller('order-guides')
@UseGuards(AuthenticatedGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_A_SHOPPER })
export class OrderGuidesController {
  constructor(private readonly guides: OrderGuidesService) {}

  @Get()
  @ApiOperation({ summary: "The practice's order guides by name, a page at a time, each with its number of lines and who changed it last" })
  @ApiOkResponse({ type: OrderGuideListResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'page or limit is invalid' })
  list(@Req() request: Request, @Query() query: OrderGuidePageQueryDto): Promise<OrderGuideListResponseDto> {
    return this.guides.list(request.user as User, query);
  }

  @Post()
  @ApiOperation({
    summary: `Make an order guide: empty, with its first lines, or with the lines and quantities of one of the practice's orders (from_order). At most ${L.guidesMax} a practice, ${L.linesMax} lines each`,
  })
  @ApiBodyExample(OrderGuideCreateDto, { name: 'Monthly supplies', lines: [{ product_id: 42, quantity: 4 }] })
  @ApiCreatedResponse({ type: OrderGuideDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message), a product repeated, or both lines and from_order' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "from_order is not an order of the shopper's practice" })
  @ApiConflictResponse({ type: ApiErrorDto, description: `the practice has a guide of this name, or ${L.guidesMax} guides already` })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'a product is not in the catalogue, or is not equipment' })
  create(@Req() request: Request, @Body() body: OrderGuideCreateDto): Promise<OrderGuideDto> {
    return this.guides.create(request.user as User, body);
  }

  @Get(':id')
  @ApiOperation({ summary: "An order guide with its lines in order, each with its product's price and whether it can be ordered now" })
  @ApiOkResponse({ type: OrderGuideDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not an order guide id' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_GUIDE })
  get(@Req() request: Request, @Param() params: OrderGuideIdParamDto): Promise<OrderGuideDto> {
    return this.guides.get(request.user as User, params.id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename an order guide' })
  @ApiBodyExample(OrderGuideUpdateDto, { name: 'Monthly supplies (surgery)' })
  @ApiOkResponse({ type: OrderGuideDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id or name is invalid' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_GUIDE })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the practice has another guide of this name' })
  rename(@Req() request: Request, @Param() params: OrderGuideIdParamDto, @Body() body: OrderGuideUpdateDto): Promise<OrderGuideDto> {
    return this.guides.rename(request.user as User, params.id, body.name);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an order guide and its lines' })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not an order guide id' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_GUIDE })
  async remove(@Req() request: Request, @Param() params: OrderGuideIdParamDto): Promise<void> {
    await this.guides.remove(request.user as User, params.id);
  }

  @Post(':id/lines')
  @HttpCode(200)
  @ApiOperation({ summary: `Add a product (equipment) to an order guide, last; a product on it already has its quantity raised (to ${L.quantityMax} at most)` })
  @ApiBodyExample(OrderGuideLineInputDto, { product_id: 42, quantity: 2 })
  @ApiOkResponse({ type: OrderGuideDto, description: 'the guide as it is now' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message)' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_GUIDE })
  @ApiConflictResponse({ type: ApiErrorDto, description: `the guide holds ${L.linesMax} lines already` })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'the product is not in the catalogue, or is not equipment' })
  addLine(@Req() request: Request, @Param() params: OrderGuideIdParamDto, @Body() body: OrderGuideLineInputDto): Promise<OrderGuideDto> {
    return this.guides.addLine(request.user as User, params.id, body);
  }

  @Patch(':id/lines/:lineId')
  @ApiOperation({ summary: "Change a line's quantity, or move it (position 0 is first; the lines between move by one)" })
  @ApiBodyExample(OrderGuideLineUpdateDto, { quantity: 6, position: 0 })
  @ApiOkResponse({ type: OrderGuideDto, description: 'the guide as it is now' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message), or neither quantity nor position' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_LINE })
  updateLine(@Req() request: Request, @Param() params: OrderGuideLineParamDto, @Body() body: OrderGuideLineUpdateDto): Promise<OrderGuideDto> {
    return this.guides.updateLine(request.user as User, params.id, params.lineId, body);
  }

  @Delete(':id/lines/:lineId')
  @ApiOperation({ summary: 'Remove a line from an order guide' })
  @ApiOkResponse({ type: OrderGuideDto, description: 'the guide as it is now' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id or lineId is invalid' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_LINE })
  removeLine(@Req() request: Request, @Param() params: OrderGuideLineParamDto): Promise<OrderGuideDto> {
    return this.guides.removeLine(request.user as User, params.id, params.lineId);
  }

  @Post(':id/add-to-cart')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "'Add all to cart': the guide's lines as cart lines at today's prices, and the lines that cannot be ordered now (deleted, no longer equipment, out of stock) with why. The cart is the browser's: nothing is written",
  })
  @ApiOkResponse({ type: OrderGuideCartResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not an order guide id' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NO_GUIDE })
  addToCart(@Req() request: Request, @Param() params: OrderGuideIdParamDto): Promise<OrderGuideCartResponseDto> {
    return this.guides.cartLines(request.user as User, params.id);
  }
}
