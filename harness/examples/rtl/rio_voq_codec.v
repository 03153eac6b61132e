// SPDX-License-Identifier: Apache-2.0
// rio_voq_codec.v - RapidIO Part 12 VoQ backpressure codec, synthesizable
// Verilog-2001: the CS64 VoQ parameter and the CS48 stype2 field (decode and
// encode, Part 12 rev 2.0 and rev 3.0-4.1), and whole CS64 / CS48 control
// symbols with their CRC-24 / CRC-13 (check and generate, Part 6 rev 4.0).
//
// Written from the specification texts (shared/spec: Part 12 rev 4.1 3.1,
// 3.2, Figures 3-1 and 3-4, Tables 3-1 to 3-4; rev 2.0 Tables 3-1 to 3-3;
// Part 6 rev 4.0 Figures 3-2 and 3-3, 3.6), not from riocheck's reference.
// RapidIO numbers bits from the most significant end: symbol bit 0 is the
// top bit of the vector below (CS64 bit 0 = sym[63], CS48 bit 0 = sym[47]).
//
// One clocked top, rio_voq_codec: an operation is presented with in_valid
// high for one clock; its answer is on the out_* ports with out_valid high
// two clocks later (one register stage on each side of the combinational
// codecs). Operations may be issued every clock (fully pipelined).
//
// A build with +define+RIO_BUG_CRC13 plants one deliberate bug (the x^5 term
// of the CRC-13 polynomial is missing): riocheck must fail exactly the rules
// of the CS48 whole-symbol vectors (harness/examples/rtl/README.md).
`default_nettype none
/* verilator lint_off DECLFILENAME */ // one file, several small modules

// ---- CRC-13 of a CS48 (Part 6 rev 4.0 3.6.2) ---------------------------------
// x^13 + x^10 + x^8 + x^5 + x^2 + 1, initial value 0, over symbol bits 0-34
// most significant bit first, no final inversion.
module rio_crc13 (
    input  wire [34:0] data,   // CS48 bits 0-34 (bit 0 = data[34])
    output reg  [12:0] crc
);
`ifdef RIO_BUG_CRC13
    localparam [12:0] POLY = 13'h0505; // BUG: x^5 left out
`else
    localparam [12:0] POLY = 13'h0525; // x^10 + x^8 + x^5 + x^2 + 1
`endif
    integer i;
    always @* begin
        crc = 13'd0;
        for (i = 34; i >= 0; i = i - 1)
            crc = {crc[11:0], 1'b0} ^ ((crc[12] ^ data[i]) ? POLY : 13'd0);
    end
endmodule

// ---- CRC-24 of a CS64 (Part 6 rev 4.0 3.6.3) ---------------------------------
// x^24+x^22+x^20+x^19+x^18+x^16+x^14+x^13+x^11+x^10+x^8+x^7+x^6+x^3+x+1
// (0x5D6DCB), initial value all ones, over symbol bits 0-37 with the
// alignment bits 30-31 taken as 0, most significant bit first.
module rio_crc24 (
    /* verilator lint_off UNUSEDSIGNAL */ // bits 30-31 (data[7:6]) are not used
    input  wire [37:0] data,   // CS64 bits 0-37 (bit 0 = data[37])
    /* verilator lint_on UNUSEDSIGNAL */
    output reg  [23:0] crc
);
    localparam [23:0] POLY = 24'h5D6DCB;
    wire [37:0] d = {data[37:8], 2'b00, data[5:0]}; // bits 30-31 as zero
    integer i;
    always @* begin
        crc = 24'hFFFFFF;
        for (i = 37; i >= 0; i = i - 1)
            crc = {crc[22:0], 1'b0} ^ ((crc[23] ^ d[i]) ? POLY : 24'd0);
    end
endmodule

// ---- CS64 VoQ parameter (Part 12 rev 4.1 3.2, Figure 3-4, Table 3-3) --------
// parameter0 || parameter1 = VC_IND (bits 0-3) | Port Status (20 - g bits) |
// Port Group (g bits), g = the port group width (RX Port Group Size on
// receipt); status bit k from the least significant end is port
// group x (20 - g) + k (2.1).
module rio_cs64_voq_dec (
    input  wire [2:0]  width,
    input  wire [23:0] param,
    output wire        reserved,      // width 7: Table 5-3 reserved size
    output reg  [1:0]  kind,          // 0 backpressure, 3 reserved VC_IND
    output wire [3:0]  vc_ind,
    output reg  [7:0]  vc,            // 0..8, 255 = all VCs
    output wire [4:0]  status_width,
    output wire [6:0]  group,
    output wire [19:0] status,
    output wire [9:0]  first_port
);
    wire [6:0]  gmask = (7'd1 << width) - 7'd1;
    assign reserved     = width == 3'd7;
    assign vc_ind       = param[23:20];
    assign status_width = 5'd20 - {2'b00, width};
    assign group        = param[6:0] & gmask;
    assign status       = param[19:0] >> width;
    assign first_port   = {3'b000, group} * {5'b00000, status_width};
    always @* begin
        kind = 2'd0;
        if (vc_ind <= 4'd7)
            vc = {4'd0, vc_ind} + 8'd1;        // 0b0000-0b0111: VC1-VC8
        else if (vc_ind == 4'd8)
            vc = 8'd0;                         // 0b1000: VC0
        else begin
            vc = 8'd255;                       // 0b1111: all VCs
            if (vc_ind != 4'd15)
                kind = 2'd3;                   // reserved: ignored, no error
        end
    end
endmodule

module rio_cs64_voq_enc (
    input  wire [3:0]  vc_ind,
    input  wire [2:0]  width,
    input  wire [6:0]  group,
    input  wire [19:0] status,
    output wire        reserved,   // width 7
    output wire        range,      // group or status wider than its field
    output wire [23:0] param
);
    wire [19:0] gmask = (20'd1 << width) - 20'd1;
    wire [19:0] smask = 20'hFFFFF >> width;
    assign reserved = width == 3'd7;
    assign range    = ({13'd0, group} & ~gmask) != 20'd0 || (status & ~smask) != 20'd0;
    assign param    = {vc_ind, (status << width) | {13'd0, group}};
endmodule

// ---- CS48 stype2 (Part 12 rev 4.1 3.1 Table 3-1; rev 2.0 Tables 3-1..3-3) ---
// rev 3+: bit 0 CMD (1 = VoQ backpressure, 0 = reserved), bits 1-13 Port
// Status (13 - g bits) then Port Group (g bits).
// rev 2: bits 0-2 CMD (000 NOP, 001 VoQ backpressure, others reserved),
// bits 3-8 the status of port offsets 5..0, bits 9-13 the port group; the
// group's first port is group x 6.
module rio_stype2_dec (
    input  wire        rev3,
    input  wire [2:0]  width,
    input  wire [13:0] value,
    output wire        reserved,      // rev 3+ width 7
    output reg  [1:0]  kind,          // 0 backpressure, 1 NOP, 2 reserved CMD
    output reg  [2:0]  group_width,
    output reg  [4:0]  status_width,
    output reg  [6:0]  group,
    output reg  [19:0] status,
    output reg  [9:0]  first_port
);
    wire [6:0]  gmask = (7'd1 << width) - 7'd1;
    assign reserved = rev3 && width == 3'd7;
    always @* begin
        if (rev3) begin
            group_width  = width;
            status_width = 5'd13 - {2'b00, width};
            if (value[13]) begin
                kind   = 2'd0;
                group  = value[6:0] & gmask;
                status = {7'd0, value[12:0] >> width};
            end else begin
                kind   = 2'd2;
                group  = 7'd0;
                status = 20'd0;
            end
        end else begin
            group_width  = 3'd5;
            status_width = 5'd6;
            if (value[13:11] == 3'b001) begin
                kind   = 2'd0;
                group  = {2'b00, value[4:0]};
                status = {14'd0, value[10:5]};  // bit 3 = offset 5 ... bit 8 = offset 0
            end else begin
                kind   = value[13:11] == 3'b000 ? 2'd1 : 2'd2;
                group  = 7'd0;
                status = 20'd0;
            end
        end
        first_port = {3'b000, group} * {5'b00000, status_width};
    end
endmodule

module rio_stype2_enc (
    input  wire        rev3,
    input  wire [2:0]  width,
    input  wire [6:0]  group,
    input  wire [19:0] status,
    output wire        reserved,
    output wire        range,
    output wire [13:0] value
);
    wire [12:0] gmask = (13'd1 << width) - 13'd1;
    wire [12:0] smask = 13'h1FFF >> width;
    wire r3_range = ({6'd0, group} & ~gmask) != 13'd0 || status[19:13] != 7'd0 ||
                    (status[12:0] & ~smask) != 13'd0;
    wire r2_range = group[6:5] != 2'd0 || status[19:6] != 14'd0;
    assign reserved = rev3 && width == 3'd7;
    assign range    = rev3 ? r3_range : r2_range;
    assign value    = rev3 ? {1'b1, (status[12:0] << width) | {6'd0, group}}
                           : {3'b001, status[5:0], group[4:0]};
endmodule

// ---- whole CS64 (Part 6 rev 4.0 Figure 3-3) ----------------------------------
// stype0 0-3 | parameter0 4-15 | parameter1 16-27 | stype1[0:1] 28-29 |
// alignment 30-31 | stype1[2:7] 32-37 | CRC-24 38-61 | alignment 62-63.
module rio_cs64_sym_dec (
    input  wire [63:0] sym,
    output wire        crc_ok,
    output wire [3:0]  stype0,
    output wire [11:0] parameter0,
    output wire [11:0] parameter1,
    output wire [7:0]  stype1,
    output wire [23:0] crc,
    output wire [3:0]  alignment    // bits 30-31, 62-63 (reported, I-CS-1)
);
    wire [23:0] want;
    rio_crc24 u_crc (.data(sym[63:26]), .crc(want));
    assign stype0     = sym[63:60];
    assign parameter0 = sym[59:48];
    assign parameter1 = sym[47:36];
    assign stype1     = {sym[35:34], sym[31:26]};
    assign crc        = sym[25:2];
    assign alignment  = {sym[33:32], sym[1:0]};
    assign crc_ok     = want == sym[25:2];
endmodule

module rio_cs64_sym_enc (
    input  wire [3:0]  stype0,
    input  wire [11:0] parameter0,
    input  wire [11:0] parameter1,
    input  wire [7:0]  stype1,
    output wire [63:0] sym
);
    wire [37:0] head = {stype0, parameter0, parameter1, stype1[7:6], 2'b00, stype1[5:0]};
    wire [23:0] crc;
    rio_crc24 u_crc (.data(head), .crc(crc));
    assign sym = {head, crc, 2'b00};
endmodule

// ---- whole CS48 (Part 6 rev 4.0 Figure 3-2; Part 12 3.1 Figure 3-1) ----------
// stype0 0-2 | parameter0 3-8 | parameter1 9-14 | stype1 15-17 | cmd 18-20 |
// stype2 21-34 (reserved in Part 6, the VoQ message in Part 12) | CRC-13 35-47.
module rio_cs48_sym_dec (
    input  wire [47:0] sym,
    output wire        crc_ok,
    output wire [2:0]  stype0,
    output wire [5:0]  parameter0,
    output wire [5:0]  parameter1,
    output wire [2:0]  stype1,
    output wire [2:0]  cmd,
    output wire [13:0] stype2,
    output wire [12:0] crc
);
    wire [12:0] want;
    rio_crc13 u_crc (.data(sym[47:13]), .crc(want));
    assign stype0     = sym[47:45];
    assign parameter0 = sym[44:39];
    assign parameter1 = sym[38:33];
    assign stype1     = sym[32:30];
    assign cmd        = sym[29:27];
    assign stype2     = sym[26:13];
    assign crc        = sym[12:0];
    assign crc_ok     = want == sym[12:0];
endmodule

module rio_cs48_sym_enc (
    input  wire [2:0]  stype0,
    input  wire [5:0]  parameter0,
    input  wire [5:0]  parameter1,
    input  wire [2:0]  stype1,
    input  wire [2:0]  cmd,
    input  wire [13:0] stype2,
    output wire [47:0] sym
);
    wire [34:0] head = {stype0, parameter0, parameter1, stype1, cmd, stype2};
    wire [12:0] crc;
    rio_crc13 u_crc (.data(head), .crc(crc));
    assign sym = {head, crc};
endmodule

// ---- the top: one operation per clock, answers two clocks later ------------
module rio_voq_codec (
    input  wire        clk,
    input  wire        rst_n,          // synchronous, active low
    input  wire        in_valid,
    input  wire [3:0]  in_op,          // OP_* below
    input  wire        in_rev3,        // stype2 ops: 1 = Part 12 rev 3.0-4.1, 0 = rev 2
    input  wire [2:0]  in_width,       // port group width (7 = reserved size)
    input  wire [63:0] in_data,        // CS64_DECODE: parameter in [23:0];
                                       // STYPE2_DECODE: stype2 in [13:0];
                                       // CS64_UNPACK: the symbol; CS48_UNPACK: in [47:0]
    input  wire [3:0]  in_vc_ind,      // CS64_ENCODE
    input  wire [6:0]  in_group,       // *_ENCODE
    input  wire [19:0] in_status,      // *_ENCODE
    input  wire [3:0]  in_stype0,      // *_PACK (CS48: [2:0])
    input  wire [11:0] in_parameter0,  // *_PACK (CS48: [5:0])
    input  wire [11:0] in_parameter1,  // *_PACK (CS48: [5:0])
    input  wire [7:0]  in_stype1,      // *_PACK (CS48: [2:0])
    input  wire [2:0]  in_cmd,         // CS48_PACK
    input  wire [13:0] in_stype2,      // CS48_PACK
    output reg         out_valid,
    output reg  [3:0]  out_op,         // the operation answered
    output reg  [1:0]  out_result,     // RES_* below
    output reg  [1:0]  out_kind,       // VoQ message: 0 backpressure, 1 NOP,
                                       // 2 reserved CMD, 3 reserved VC_IND
    output reg  [3:0]  out_vc_ind,
    output reg  [7:0]  out_vc,
    output reg  [2:0]  out_group_width,
    output reg  [4:0]  out_status_width,
    output reg  [6:0]  out_group,
    output reg  [19:0] out_status,
    output reg  [9:0]  out_first_port,
    output reg  [63:0] out_value,      // *_ENCODE: the value; *_PACK: the symbol
                                       // (CS48 in [47:0])
    output reg  [3:0]  out_stype0,     // *_UNPACK: the symbol's fields
    output reg  [11:0] out_parameter0,
    output reg  [11:0] out_parameter1,
    output reg  [7:0]  out_stype1,
    output reg  [2:0]  out_cmd,
    output reg  [13:0] out_stype2,
    output reg  [23:0] out_crc,
    output reg  [3:0]  out_alignment
);
    localparam [3:0] OP_STYPE2_DECODE = 4'd1, OP_STYPE2_ENCODE = 4'd2,
                     OP_CS64_DECODE = 4'd3, OP_CS64_ENCODE = 4'd4,
                     OP_CS48_UNPACK = 4'd5, OP_CS48_PACK = 4'd6,
                     OP_CS64_UNPACK = 4'd7, OP_CS64_PACK = 4'd8;
    localparam [1:0] RES_OK = 2'd0, RES_RANGE = 2'd1, RES_RESERVED = 2'd2, RES_CRC = 2'd3;

    // input register stage
    reg        r_valid, r_rev3;
    reg [3:0]  r_op, r_vc_ind, r_stype0;
    reg [2:0]  r_width, r_cmd;
    reg [63:0] r_data;
    reg [6:0]  r_group;
    reg [19:0] r_status;
    reg [11:0] r_parameter0, r_parameter1;
    reg [7:0]  r_stype1;
    reg [13:0] r_stype2;
    always @(posedge clk) begin
        if (!rst_n) begin
            r_valid <= 1'b0;
        end else begin
            r_valid <= in_valid;
            if (in_valid) begin
                r_op <= in_op;             r_rev3 <= in_rev3;
                r_width <= in_width;       r_data <= in_data;
                r_vc_ind <= in_vc_ind;     r_group <= in_group;
                r_status <= in_status;     r_stype0 <= in_stype0;
                r_parameter0 <= in_parameter0;
                r_parameter1 <= in_parameter1;
                r_stype1 <= in_stype1;     r_cmd <= in_cmd;
                r_stype2 <= in_stype2;
            end
        end
    end

    // the codecs
    wire        c64d_res, c64e_res, c64e_rng, s2d_res, s2e_res, s2e_rng;
    wire        c64s_ok, c48s_ok;
    wire [1:0]  c64d_kind, s2d_kind;
    wire [3:0]  c64d_vc_ind;
    wire [7:0]  c64d_vc;
    wire [4:0]  c64d_sw, s2d_sw;
    wire [2:0]  s2d_gw;
    wire [6:0]  c64d_group, s2d_group;
    wire [19:0] c64d_status, s2d_status;
    wire [9:0]  c64d_first, s2d_first;
    wire [23:0] c64e_param;
    wire [13:0] s2e_value;
    wire [3:0]  c64s_stype0, c64s_align;
    wire [11:0] c64s_p0, c64s_p1;
    wire [7:0]  c64s_stype1;
    wire [23:0] c64s_crc;
    wire [2:0]  c48s_stype0, c48s_stype1, c48s_cmd;
    wire [5:0]  c48s_p0, c48s_p1;
    wire [13:0] c48s_stype2;
    wire [12:0] c48s_crc;
    wire [63:0] c64p_sym;
    wire [47:0] c48p_sym;

    rio_cs64_voq_dec u_c64d (.width(r_width), .param(r_data[23:0]), .reserved(c64d_res),
        .kind(c64d_kind), .vc_ind(c64d_vc_ind), .vc(c64d_vc), .status_width(c64d_sw),
        .group(c64d_group), .status(c64d_status), .first_port(c64d_first));
    rio_cs64_voq_enc u_c64e (.vc_ind(r_vc_ind), .width(r_width), .group(r_group),
        .status(r_status), .reserved(c64e_res), .range(c64e_rng), .param(c64e_param));
    rio_stype2_dec u_s2d (.rev3(r_rev3), .width(r_width), .value(r_data[13:0]),
        .reserved(s2d_res), .kind(s2d_kind), .group_width(s2d_gw), .status_width(s2d_sw),
        .group(s2d_group), .status(s2d_status), .first_port(s2d_first));
    rio_stype2_enc u_s2e (.rev3(r_rev3), .width(r_width), .group(r_group),
        .status(r_status), .reserved(s2e_res), .range(s2e_rng), .value(s2e_value));
    rio_cs64_sym_dec u_c64s (.sym(r_data), .crc_ok(c64s_ok), .stype0(c64s_stype0),
        .parameter0(c64s_p0), .parameter1(c64s_p1), .stype1(c64s_stype1), .crc(c64s_crc),
        .alignment(c64s_align));
    rio_cs48_sym_dec u_c48s (.sym(r_data[47:0]), .crc_ok(c48s_ok), .stype0(c48s_stype0),
        .parameter0(c48s_p0), .parameter1(c48s_p1), .stype1(c48s_stype1), .cmd(c48s_cmd),
        .stype2(c48s_stype2), .crc(c48s_crc));
    rio_cs64_sym_enc u_c64p (.stype0(r_stype0), .parameter0(r_parameter0),
        .parameter1(r_parameter1), .stype1(r_stype1), .sym(c64p_sym));
    rio_cs48_sym_enc u_c48p (.stype0(r_stype0[2:0]), .parameter0(r_parameter0[5:0]),
        .parameter1(r_parameter1[5:0]), .stype1(r_stype1[2:0]), .cmd(r_cmd),
        .stype2(r_stype2), .sym(c48p_sym));

    // output register stage: the selected codec's answer
    always @(posedge clk) begin
        if (!rst_n) begin
            out_valid <= 1'b0;
        end else begin
            out_valid <= r_valid;
            if (r_valid) begin
                out_op <= r_op;
                out_result <= RES_OK;
                out_kind <= 2'd0;          out_vc_ind <= 4'd15;
                out_vc <= 8'd255;          out_group_width <= r_width;
                out_status_width <= 5'd0;  out_group <= 7'd0;
                out_status <= 20'd0;       out_first_port <= 10'd0;
                out_value <= 64'd0;        out_stype0 <= 4'd0;
                out_parameter0 <= 12'd0;   out_parameter1 <= 12'd0;
                out_stype1 <= 8'd0;        out_cmd <= 3'd0;
                out_stype2 <= 14'd0;       out_crc <= 24'd0;
                out_alignment <= 4'd0;
                case (r_op)
                OP_CS64_DECODE: begin
                    out_result <= c64d_res ? RES_RESERVED : RES_OK;
                    out_kind <= c64d_kind;         out_vc_ind <= c64d_vc_ind;
                    out_vc <= c64d_vc;             out_status_width <= c64d_sw;
                    out_group <= c64d_group;       out_status <= c64d_status;
                    out_first_port <= c64d_first;
                end
                OP_STYPE2_DECODE: begin
                    out_result <= s2d_res ? RES_RESERVED : RES_OK;
                    out_kind <= s2d_kind;          out_group_width <= s2d_gw;
                    out_status_width <= s2d_sw;    out_group <= s2d_group;
                    out_status <= s2d_status;      out_first_port <= s2d_first;
                end
                OP_CS64_ENCODE: begin
                    out_result <= c64e_res ? RES_RESERVED : c64e_rng ? RES_RANGE : RES_OK;
                    out_value <= {40'd0, c64e_param};
                end
                OP_STYPE2_ENCODE: begin
                    out_result <= s2e_res ? RES_RESERVED : s2e_rng ? RES_RANGE : RES_OK;
                    out_value <= {50'd0, s2e_value};
                end
                OP_CS64_UNPACK: begin
                    out_result <= c64s_ok ? RES_OK : RES_CRC;
                    out_stype0 <= c64s_stype0;     out_parameter0 <= c64s_p0;
                    out_parameter1 <= c64s_p1;     out_stype1 <= c64s_stype1;
                    out_crc <= c64s_crc;           out_alignment <= c64s_align;
                end
                OP_CS48_UNPACK: begin
                    out_result <= c48s_ok ? RES_OK : RES_CRC;
                    out_stype0 <= {1'b0, c48s_stype0};
                    out_parameter0 <= {6'd0, c48s_p0};
                    out_parameter1 <= {6'd0, c48s_p1};
                    out_stype1 <= {5'd0, c48s_stype1};
                    out_cmd <= c48s_cmd;           out_stype2 <= c48s_stype2;
                    out_crc <= {11'd0, c48s_crc};
                end
                OP_CS64_PACK: out_value <= c64p_sym;
                OP_CS48_PACK: out_value <= {16'd0, c48p_sym};
                default: out_result <= RES_RANGE; // no such operation
                endcase
            end
        end
    end
endmodule

`default_nettype wire
